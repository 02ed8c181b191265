import { DocumentSectionView } from "~/components/document/document-section";
import { LegalDocumentHeader } from "~/components/document/legal-document-page";
import { accountLifecycle, refundPolicy } from "~/content/refund-policy";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/refund-and-cancellation-policy";

const route = requirePageRoute("/refund-and-cancellation-policy");

export function loader() {
  return { document: refundPolicy, lifecycle: accountLifecycle };
}

export const meta = () => routeMeta(route);

export default function RefundPolicyPage({ loaderData }: Route.ComponentProps) {
  const { document, lifecycle } = loaderData;
  return (
    <>
      <LegalDocumentHeader
        heading={route.heading}
        lastUpdated={document.lastUpdated}
        intro={document.intro}
      />

      <div className="container-page grid grid-cols-1 items-start gap-8 py-16 lg:grid-cols-2">
        {document.columns.map((column) => (
          <section
            key={column.id}
            id={column.id}
            aria-labelledby={`${column.id}-title`}
            className="card scroll-mt-24 p-6 sm:p-8"
          >
            <h2 id={`${column.id}-title`} className="text-title font-bold text-ink">
              {column.title}
            </h2>
            <div className="mt-8 space-y-10">
              {column.sections.map((section) => (
                <DocumentSectionView key={section.id} section={section} headingLevel={3} />
              ))}
            </div>
          </section>
        ))}
      </div>

      <section aria-labelledby="lifecycle-title" className="container-page">
        <h2 id="lifecycle-title" className="text-2xl font-bold text-ink">
          Your account after cancellation, step by step
        </h2>
        <ol className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {lifecycle.map((step, i) => (
            <li key={step.id} className="relative rounded-[var(--radius-card)] bg-sunken p-5">
              <span className="grid size-8 place-items-center rounded-full bg-brand-strong text-sm font-bold text-on-brand">
                {i + 1}
              </span>
              <h3 className="mt-3 font-bold text-ink">{step.title}</h3>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
