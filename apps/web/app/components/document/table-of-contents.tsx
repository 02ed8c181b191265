/** The numbered list of a document's sections, linking to each; sticky beside the text on wide screens. */
export function TableOfContents({
  sections,
}: {
  sections: readonly { id: string; title: string }[];
}) {
  return (
    <nav
      aria-labelledby="toc-title"
      className="card p-5 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto"
    >
      <h2 id="toc-title" className="text-sm font-bold tracking-wider text-muted uppercase">
        Contents
      </h2>
      <ol className="mt-3 space-y-1.5 text-sm">
        {sections.map((s, i) => (
          <li key={s.id} className="flex gap-2">
            <span className="w-5 shrink-0 text-right text-muted tabular-nums">{i + 1}.</span>
            <a href={`#${s.id}`} className="font-medium text-ink hover:text-brand">
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
