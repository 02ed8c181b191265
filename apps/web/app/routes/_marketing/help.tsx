import {
  ArrowRight,
  BarChart3,
  CreditCard,
  FileText,
  HelpCircle,
  KanbanSquare,
  Layers,
  Mail,
  MessageCircle,
  Phone,
  ShieldCheck,
  type LucideIcon,
} from "lucide-react";
import { searchBlock } from "@hourline/contracts/site-search-html";
import { Link } from "react-router";
import { brand } from "~/brand";
import { FaqAccordion } from "~/components/faq-accordion";
import { SectionHeading } from "~/components/ui/section-heading";
import { helpFaq } from "~/content/help-faq";
import type { HelpTopicId } from "~/content/help-topics";
import { helpSearchData } from "~/features/search/help-search";
import { faqJsonLd, routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/help";

const route = requirePageRoute("/help");

export const meta = () => routeMeta(route, [faqJsonLd(helpFaq)]);

export async function loader() {
  const { topics, data } = await helpSearchData();
  return { topics, search: data };
}

const topicIcons: Record<HelpTopicId, LucideIcon> = {
  organize: KanbanSquare,
  "use-cases": Layers,
  billing: CreditCard,
  reporting: BarChart3,
  admin: ShieldCheck,
};

/**
 * The search is a block of shared markup (@hourline/contracts/site-search-html): prerendered here
 * for the empty query, answered by the server for `?q=`, and updated in the browser as the visitor
 * types (app/enhance/live-search.ts).
 */
export default function Help({ loaderData }: Route.ComponentProps) {
  const { topics, search } = loaderData;
  return (
    <>
      <section
        id="help-search"
        aria-labelledby="help-title"
        className="scroll-mt-20 border-b border-line bg-[radial-gradient(60rem_22rem_at_50%_-10%,var(--color-brand-soft),transparent)]"
      >
        <div className="container-page py-14 text-center sm:py-20">
          <p className="eyebrow mb-3">Help center</p>
          <h1 id="help-title" className="text-display font-bold text-ink">
            {route.heading}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            Search answers about boards, timesheets, attendance, leave, billing and account
            settings, or browse the topics below. The chat shows when the support team is in.
          </p>
          <div dangerouslySetInnerHTML={{ __html: searchBlock(search, "") }} />
        </div>
      </section>

      <section aria-labelledby="topics-title" className="container-page py-20">
        <SectionHeading id="topics-title" eyebrow="Browse by topic" title="Find your way in">
          <p>Each topic gathers the answers people look for most, from the FAQ and the blog.</p>
        </SectionHeading>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {topics.map((topic) => {
            const Icon = topicIcons[topic.id];
            return (
              <li key={topic.id} id={`topic-${topic.id}`} className="card scroll-mt-24 p-6">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-ink">{topic.title}</h3>
                <p className="mt-2 text-sm text-muted">{topic.summary}</p>
                <ul className="mt-5 space-y-2.5 text-sm">
                  {topic.links.map((link) => (
                    <li key={link.href} className="flex gap-2">
                      {link.kind === "Article" ? (
                        <FileText
                          aria-hidden="true"
                          className="mt-0.5 size-4 shrink-0 text-muted"
                        />
                      ) : (
                        <HelpCircle
                          aria-hidden="true"
                          className="mt-0.5 size-4 shrink-0 text-muted"
                        />
                      )}
                      <Link to={link.href} className="font-semibold text-brand">
                        {link.label}
                        {link.kind === "Article" ? (
                          <span className="sr-only"> (article)</span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="border-y border-line bg-surface">
        <div className="container-page grid grid-cols-1 gap-12 py-20 lg:grid-cols-[1fr_22rem]">
          <FaqAccordion
            id="help-faq"
            variant="help"
            title="Frequently asked questions"
            items={helpFaq}
            intro={
              <p>
                The ten questions new workspaces ask most. Questions about one module are on the{" "}
                <Link to="/faqs" className="font-semibold text-brand">
                  full FAQ page
                </Link>
                .
              </p>
            }
          />
          <ContactLines />
        </div>
      </div>
    </>
  );
}

function ContactLines() {
  return (
    <aside aria-labelledby="contact-title" className="lg:pt-14">
      <div className="card p-6">
        <h2 id="contact-title" className="text-xl font-bold text-ink">
          Talk to a person
        </h2>
        <p className="mt-2 text-sm text-muted">
          Questions reach the people who build {brand.name}. The chat shows whether someone is in,
          and when the team is back.
        </p>
        <ul className="mt-5 space-y-4 text-sm">
          <li className="flex gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
            <span>
              <span className="block font-semibold text-ink">E-mail</span>
              <a href={`mailto:${brand.supportEmail}`} className="text-brand">
                {brand.supportEmail}
              </a>
            </span>
          </li>
          <li className="flex gap-3">
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
            <span>
              <span className="block font-semibold text-ink">Phone</span>
              <a href={brand.phone.href} className="text-brand">
                {brand.phone.display}
              </a>
            </span>
          </li>
        </ul>
        <Link to="/contact-us" className="btn btn-primary mt-6 w-full">
          Send us a message <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link to="/knowledge" className="btn btn-secondary mt-3 w-full">
          Open the knowledge base
        </Link>
        <ChatWithUs />
      </div>
    </aside>
  );
}

/**
 * Opens the same "Support Chat" modal as the floating launcher. It needs JavaScript, so it stays
 * hidden until the enhancement script shows it (app/enhance/chat-launcher.ts).
 */
function ChatWithUs() {
  return (
    <button type="button" hidden data-open-chat="" className="btn btn-secondary mt-3 w-full">
      <MessageCircle aria-hidden="true" className="size-4" /> Chat with us now
    </button>
  );
}
