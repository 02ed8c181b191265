/** The layout of the terms and the privacy policy: header with the date, contents, numbered sections. */
import { PageHeader } from "~/components/layout/page-header";
import { LinkedText } from "~/components/ui/linked-text";
import type { LegalDocument } from "~/content/document-schema";
import { formatLongDate } from "~/content/long-date";
import { DocumentSectionView } from "./document-section";
import { TableOfContents } from "./table-of-contents";

/** The header every legal page opens with: the heading, the date of the last change, the intro. */
export function LegalDocumentHeader({
  heading,
  lastUpdated,
  intro,
}: {
  heading: string;
  lastUpdated: string;
  intro: readonly string[];
}) {
  return (
    <PageHeader eyebrow="Legal" heading={heading}>
      <p className="text-base">
        Last updated{" "}
        <time dateTime={lastUpdated} className="font-semibold text-ink">
          {formatLongDate(lastUpdated)}
        </time>
      </p>
      {intro.map((p) => (
        <p key={p.slice(0, 48)} className="mt-4">
          <LinkedText text={p} />
        </p>
      ))}
    </PageHeader>
  );
}

export function LegalDocumentPage({
  heading,
  document,
  tableOfContents = true,
}: {
  heading: string;
  document: LegalDocument;
  tableOfContents?: boolean;
}) {
  return (
    <>
      <LegalDocumentHeader
        heading={heading}
        lastUpdated={document.lastUpdated}
        intro={document.intro}
      />
      <div
        className={`container-page grid grid-cols-1 items-start gap-10 py-16 ${tableOfContents ? "lg:grid-cols-[17rem_1fr] lg:gap-16" : ""}`}
      >
        {tableOfContents ? <TableOfContents sections={document.sections} /> : null}
        <div className="max-w-3xl space-y-12">
          {document.sections.map((section, i) => (
            <DocumentSectionView
              key={section.id}
              section={section}
              number={tableOfContents ? i + 1 : undefined}
            />
          ))}
        </div>
      </div>
    </>
  );
}
