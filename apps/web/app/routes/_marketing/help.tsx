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
  Search,
  ShieldCheck,
  type LucideIcon,
} from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { brand } from "~/brand";
import { FaqAccordion } from "~/components/faq-accordion";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPost, listPosts } from "~/content/blog/posts";
import { faqSets } from "~/content/faqs";
import { helpFaq } from "~/content/help-faq";
import { resolveHelpTopics, type HelpTopicId } from "~/content/help-topics";
import { buildHelpIndex, searchHelp, type HelpDoc } from "~/features/search/help-search";
import { openSupportChat } from "~/features/support-chat/launcher/launcher-state";
import { useHydrated } from "~/hooks/use-hydrated";
import { faqJsonLd, routeMeta } from "~/seo";
import { requirePageRoute, staticPageRoutes } from "~/site";
import type { Route } from "./+types/help";

const route = requirePageRoute("/help");

export const meta = () => routeMeta(route, [faqJsonLd(helpFaq)]);

export async function loader() {
  const summaries = await listPosts();
  const posts = await Promise.all(
    summaries.map(async (post) => ({ ...post, text: (await getPost(post.id))?.text ?? "" })),
  );
  const topics = resolveHelpTopics(
    posts,
    staticPageRoutes.map((r) => r.path),
  );
  return { topics, index: buildHelpIndex({ helpFaq, faqSets, topics, posts }) };
}

// Everything searchable is part of the prerendered page; a new ?q= only searches it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

const topicIcons: Record<HelpTopicId, LucideIcon> = {
  organize: KanbanSquare,
  "use-cases": Layers,
  billing: CreditCard,
  reporting: BarChart3,
  admin: ShieldCheck,
};

const suggestions = ["invoice", "leave balance", "idle time", "export", "roles"];

/** Results shown before "Show all". */
const FIRST_RESULTS = 8;

export default function Help({ loaderData }: Route.ComponentProps) {
  const { topics, index } = loaderData;
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  // The prerendered page has no query; it is applied once the page runs in the browser.
  const urlQuery = hydrated ? (params.get("q") ?? "") : "";
  const [draft, setDraft] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  const [showAll, setShowAll] = useState(false);
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    setDraft(urlQuery);
  }
  const query = draft.trim();
  const results = useMemo(() => searchHelp(index, query), [index, query]);

  function onQueryChange(value: string) {
    setDraft(value);
    setShowAll(false);
    setParams(value.trim() ? { q: value } : {}, { replace: true, preventScrollReset: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Results are already on screen; without JavaScript the form loads /help?q=… instead.
    event.preventDefault();
  }

  return (
    <>
      <section
        id="help-search"
        aria-labelledby="help-title"
        className="scroll-mt-20 border-b border-line bg-[radial-gradient(60rem_22rem_at_50%_-10%,var(--color-brand-soft),transparent)]"
      >
        <div className="container-page py-14 text-center sm:py-20">
          <p className="eyebrow mb-3">Help centre</p>
          <h1 id="help-title" className="text-display font-bold text-ink">
            {route.heading}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            Search answers about boards, timesheets, attendance, leave, billing and account
            settings, or browse the topics below. The support team answers within{" "}
            {brand.supportReplyHours} hours on working days.
          </p>
          <form
            role="search"
            method="get"
            action="/help"
            onSubmit={onSubmit}
            className="mx-auto mt-8 flex max-w-2xl flex-col gap-3 text-left sm:flex-row sm:items-end"
          >
            <div className="flex-1">
              <label htmlFor="help-search-input" className="sr-only">
                Search the help centre
              </label>
              <div className="relative">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-5 size-5 -translate-y-1/2 text-muted"
                />
                <input
                  id="help-search-input"
                  type="search"
                  name="q"
                  value={draft}
                  onChange={(e) => onQueryChange(e.target.value)}
                  placeholder="Describe what you need, e.g. “approve timesheets”"
                  autoComplete="off"
                  enterKeyHint="search"
                  className="h-14 w-full rounded-full border border-line bg-surface pr-5 pl-13 text-ink shadow-[var(--shadow-card)] placeholder:text-muted focus-visible:border-brand"
                />
              </div>
            </div>
            <button type="submit" className="btn btn-primary h-14 px-7">
              Search
            </button>
          </form>
          <noscript>
            <p className="mt-3 text-sm text-muted">
              Searching runs in your browser and needs JavaScript. The topics and questions below
              work without it.
            </p>
          </noscript>
          <p className="mt-5 flex flex-wrap items-center justify-center gap-2 text-sm text-muted">
            <span>Popular:</span>
            {suggestions.map((s) => (
              <Link
                key={s}
                to={`/help?q=${encodeURIComponent(s)}`}
                preventScrollReset
                className="inline-flex min-h-8 items-center rounded-full border border-line bg-surface px-3 font-semibold text-ink no-underline hover:border-brand"
              >
                {s}
              </Link>
            ))}
          </p>

          <div className="mx-auto mt-8 max-w-3xl text-left">
            <p
              role="status"
              className={query ? "text-sm font-semibold text-ink" : "sr-only"}
              id="help-results-status"
            >
              {query
                ? results.length === 0
                  ? `Nothing matches “${query}”.`
                  : `${results.length} ${results.length === 1 ? "answer" : "answers"} for “${query}”.`
                : ""}
            </p>
            {query && results.length > 0 ? (
              <>
                <ul aria-labelledby="help-results-status" className="mt-4 space-y-3">
                  {(showAll ? results : results.slice(0, FIRST_RESULTS)).map((doc) => (
                    <ResultCard key={doc.href} doc={doc} />
                  ))}
                </ul>
                {!showAll && results.length > FIRST_RESULTS ? (
                  <button
                    type="button"
                    className="btn btn-secondary mt-4"
                    onClick={() => setShowAll(true)}
                  >
                    Show all {results.length} answers
                  </button>
                ) : null}
              </>
            ) : null}
            {query && results.length === 0 ? (
              <div className="card mt-4 p-6">
                <p className="text-ink">
                  Every word has to appear in an answer. Try fewer or shorter words, or one of the
                  popular searches above. If the answer is not here yet, ask us:{" "}
                  <Link to="/contact-us" className="font-semibold text-brand">
                    send a message
                  </Link>{" "}
                  or write to{" "}
                  <a href={`mailto:${brand.supportEmail}`} className="font-semibold text-brand">
                    {brand.supportEmail}
                  </a>
                  .
                </p>
              </div>
            ) : null}
          </div>
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

function ResultCard({ doc }: { doc: HelpDoc }) {
  return (
    <li>
      <Link
        to={doc.href}
        className="card block p-5 no-underline hover:border-brand focus-visible:border-brand"
      >
        <span className="flex flex-wrap items-center gap-2 text-xs font-semibold text-muted">
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-brand">{doc.kind}</span>
          {doc.section}
        </span>
        <span className="mt-2 block font-bold text-ink">{doc.title}</span>
        <span className="mt-1 block text-sm text-muted">{doc.excerpt}</span>
      </Link>
    </li>
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
          Questions reach the people who build {brand.name}. We reply within{" "}
          {brand.supportReplyHours} hours on working days.
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

/** Opens the same "Support Chat" modal as the floating launcher; it needs JavaScript to work. */
function ChatWithUs() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary mt-3 w-full"
      onClick={(event) => openSupportChat(event.currentTarget)}
    >
      <MessageCircle aria-hidden="true" className="size-4" /> Chat with us now
    </button>
  );
}
