import { Link } from "react-router";
import { FaqAccordion } from "~/components/faq-accordion";
import { PageHeader } from "~/components/layout/page-header";
import { faqSets, featurePathByTopic } from "~/content/faqs";
import { faqJsonLd, routeMeta } from "~/seo";
import { featureRoutesList, requirePageRoute } from "~/site";

const route = requirePageRoute("/faqs");

export const meta = () => routeMeta(route, [faqJsonLd(faqSets.flatMap((set) => set.items))]);

export default function Faqs() {
  const questionCount = faqSets.reduce((sum, set) => sum + set.items.length, 0);
  return (
    <>
      <PageHeader eyebrow="FAQ" heading={route.heading}>
        <p>
          {questionCount} answers in {faqSets.length} topics, from checking in to approving a week
          of timesheets. Looking for billing or account questions? They are in the{" "}
          <Link to="/help" className="font-semibold text-brand">
            help center
          </Link>
          .
        </p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-12 py-14 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-labelledby="faq-toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="faq-toc-title" className="text-sm font-bold tracking-wide text-muted uppercase">
            Topics
          </h2>
          <ol className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1">
            {faqSets.map((set) => (
              <li key={set.topic}>
                <a
                  href={`#faq-${set.topic}`}
                  className="flex justify-between gap-3 rounded-lg px-3 py-2 font-semibold text-ink no-underline hover:bg-sunken"
                >
                  {set.title}
                  <span className="font-normal text-muted tabular-nums">{set.items.length}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 space-y-16">
          {faqSets.map((set) => {
            const feature = featureRoutesList.find((r) => r.path === featurePathByTopic[set.topic]);
            return (
              <FaqAccordion
                key={set.topic}
                set={set}
                className="scroll-mt-24"
                intro={
                  feature ? (
                    <p>
                      More about this in{" "}
                      <Link to={feature.path} className="font-semibold text-brand">
                        {feature.feature?.label ?? feature.title}
                      </Link>
                      .
                    </p>
                  ) : undefined
                }
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
