/** One section of a policy or legal text: a numbered heading, paragraphs with links, a list. */
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
        <ul className="mt-4 list-disc space-y-2 pl-6 text-muted marker:text-brand">
          {section.points.map((p) => (
            <li key={p}>
              <LinkedText text={p} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
