/** One section of a policy or legal text: a numbered heading, paragraphs with links, a list. */
import { CheckList } from "~/components/ui/check-list";
import { LinkedText } from "~/components/ui/linked-text";
import type { DocumentSection } from "~/content/document-schema";

export function DocumentSectionView({
  section,
  number,
  headingLevel = 2,
  className = "",
}: {
  section: DocumentSection;
  /** Printed before the title when the document is numbered (terms, privacy). */
  number?: number;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      className={`scroll-mt-24 ${className}`}
    >
      <Heading
        id={`${section.id}-title`}
        className={`font-bold text-ink ${headingLevel === 2 ? "text-2xl" : "text-xl"}`}
      >
        {number ? <span className="mr-2 text-brand tabular-nums">{number}.</span> : null}
        {section.title}
      </Heading>
      <div className="prose-page mt-3 text-muted">
        {section.paragraphs.map((p) => (
          <p key={p.slice(0, 48)}>
            <LinkedText text={p} />
          </p>
        ))}
      </div>
      {section.points?.length ? (
        <CheckList
          items={section.points.map((p) => (
            <LinkedText key={p} text={p} />
          ))}
          className="mt-4"
        />
      ) : null}
    </section>
  );
}
