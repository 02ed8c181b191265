/**
 * The fifteen feature pages. The copy comes from content/features.ts through the loader, so the page
 * text is prerendered into the HTML without being shipped again inside the JavaScript bundle.
 */
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { appLinks } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { AnnouncementBadge } from "~/components/announcement-badge";
import { FaqAccordion } from "~/components/faq-accordion";
import { SectionIllustration } from "~/components/feature-page/section-illustration";
import { SectionSideNav } from "~/components/feature-page/section-side-nav";
import { FeatureMockup } from "~/components/mockups/feature-mockup";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "~/components/ui/section-heading";
import { faqSets } from "~/content/faqs";
import { featureFooterBlocks, type FeatureFooterBlock } from "~/content/feature-footers";
import { featurePages } from "~/content/features";
import type { FeaturePage as FeatureContent } from "~/content/schema";
import { faqJsonLd, notFoundMeta, routeMeta } from "~/seo";
import { findPageRoute, requirePageRoute } from "~/site";
import type { Route } from "./+types/feature";

type FeatureSection = FeatureContent["sections"][number];

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const page = featurePages.find((p) => p.path === path);
  if (!page) throw new Response("Not found", { status: 404 });
  const faq = page.faqTopic ? (faqSets.find((s) => s.topic === page.faqTopic) ?? null) : null;
  const footer = featureFooterBlocks.find((f) => f.path === path) ?? null;
  return { page, faq, footer };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const route = findPageRoute(location.pathname);
  if (!route || !loaderData) return notFoundMeta();
  return routeMeta(route, loaderData.faq ? [faqJsonLd(loaderData.faq.items)] : []);
};

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  const { page, faq, footer } = loaderData;
  const route = requirePageRoute(page.path);
  return (
    <>
      <section
        aria-labelledby="feature-title"
        className="overflow-hidden border-b border-line bg-[radial-gradient(70rem_30rem_at_85%_-10%,var(--color-brand-soft),transparent),radial-gradient(40rem_20rem_at_0%_110%,var(--color-teal-soft),transparent)]"
      >
        <div className="container-page grid grid-cols-1 items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.05fr_1fr]">
          <div className="min-w-0">
            <AnnouncementBadge />
            <p className="eyebrow mt-6">{page.eyebrow}</p>
            <h1
              id="feature-title"
              className="mt-3 text-[clamp(2rem,1.35rem+2.6vw,3.375rem)] leading-[1.08] font-bold text-ink"
            >
              {route.heading}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-muted">{page.lead}</p>
            <CheckList items={page.bullets} className="mt-8" />
            <div className="mt-8 flex flex-wrap gap-3">
              {page.signUpCta ? (
                <a href={appLinks.signUp} className="btn btn-primary">
                  {commercialFacts.signUpLabel} <ArrowRight aria-hidden="true" className="size-4" />
                </a>
              ) : (
                <Link to="/contact-us" className="btn btn-primary">
                  Talk to our team <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              )}
              <Link to="/pricing" className="btn btn-secondary">
                See how pricing works
              </Link>
            </div>
          </div>
          <FeatureMockup kind={page.mockup} className="mx-auto w-full max-w-xl" />
        </div>
      </section>

      {footer ? <SideNavSections page={page} /> : <CardSections page={page} />}

      {faq ? (
        <div className="border-y border-line bg-surface">
          <div className="container-page py-20">
            <FaqAccordion set={faq} />
          </div>
        </div>
      ) : null}

      {footer ? <FooterBlock block={footer} /> : null}
      {page.closing ? (
        <section aria-labelledby="closing-title" className="container-page py-20">
          <div className="rounded-[2rem] bg-brand-strong px-6 py-12 text-center text-on-brand sm:px-12">
            <h2 id="closing-title" className="text-title font-bold">
              {page.closing.title}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-[#e0e7ff]">{page.closing.text}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/contact-us" className="btn bg-surface text-ink hover:bg-sunken">
                Talk to our team <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link
                to="/pricing"
                className="btn text-on-brand ring-1 ring-[#c7d2fe] hover:bg-[#312e81]"
              >
                See how pricing works
              </Link>
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}

/** The usual layout: the page's headline, then its sections as numbered cards. */
function CardSections({ page }: { page: FeatureContent }) {
  return (
    <section aria-labelledby="details-title" className="container-page py-20">
      <SectionHeading id="details-title" eyebrow="How it works" title={page.headline} />
      <div className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2">
        {page.sections.map((s, i) => (
          <section
            key={s.id}
            id={s.id}
            aria-labelledby={`${s.id}-title`}
            className="card scroll-mt-24 p-6 sm:p-8 md:odd:last:col-span-2"
          >
            <span className="font-[family-name:var(--font-display)] text-sm font-bold text-brand tabular-nums">
              {String(i + 1).padStart(2, "0")}
            </span>
            <h3 id={`${s.id}-title`} className="mt-2 text-xl font-bold text-ink">
              {s.title}
            </h3>
            <SectionBody section={s} className="mt-3" />
          </section>
        ))}
      </div>
    </section>
  );
}

/** A feature section's paragraphs and its checklist of points. */
function SectionBody({ section, className }: { section: FeatureSection; className: string }) {
  return (
    <>
      <div className={`prose-page text-muted ${className}`}>
        {section.paragraphs.map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
      </div>
      {section.points?.length ? (
        <CheckList items={section.points} className="mt-6 text-sm" />
      ) : null}
    </>
  );
}

/** The holidays and leave layout: anchored sections beside a sticky side image navigation. */
function SideNavSections({ page }: { page: FeatureContent }) {
  const tone = page.mockup === "holidays" ? "accent" : "teal";
  return (
    <section aria-labelledby="details-title" className="container-page py-20">
      <SectionHeading id="details-title" eyebrow="How it works" title={page.headline} />
      <div className="mt-12 grid grid-cols-1 items-start gap-8 lg:grid-cols-[17rem_1fr] lg:gap-12">
        <SectionSideNav
          sections={page.sections}
          tone={tone}
          label={`${page.eyebrow}: sections on this page`}
        />
        <div className="space-y-6">
          {page.sections.map((s) => (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-title`}
              className="card scroll-mt-24 p-6 sm:p-8"
            >
              <div className="flex items-center gap-4">
                <SectionIllustration id={s.id} className="h-12 w-16 shrink-0" />
                <h3 id={`${s.id}-title`} className="text-xl font-bold text-ink sm:text-2xl">
                  {s.title}
                </h3>
              </div>
              <SectionBody section={s} className="mt-4" />
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}

function FooterBlock({ block }: { block: FeatureFooterBlock }) {
  return (
    <section
      aria-labelledby="closing-title"
      data-block="feature-footer"
      className="container-page py-20"
    >
      <div className="rounded-[2rem] bg-brand-strong px-6 py-14 text-center text-on-brand sm:px-12">
        <h2 id="closing-title" className="text-title font-bold">
          {block.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-[#e0e7ff]">{block.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a
            href={appLinks.signUp}
            className="btn bg-surface text-ink hover:bg-sunken dark:text-ink"
          >
            {commercialFacts.signUpLabel}
          </a>
          <Link
            to={block.related.path}
            className="btn text-on-brand ring-1 ring-[#c7d2fe] hover:bg-[#312e81]"
          >
            {block.related.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
