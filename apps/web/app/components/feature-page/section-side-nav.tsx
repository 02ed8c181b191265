/**
 * The side image navigation of the holidays and leave pages: one small drawing per anchored section,
 * linking to it, with the section in view marked as the current one. Sticky beside the sections on
 * wide screens; a row of tiles above them on narrow ones. The enhancement script moves the mark as
 * the visitor reads on (app/enhance/section-nav.ts).
 */
import { SectionIllustration } from "./section-illustration";

export interface SideNavSection {
  id: string;
  title: string;
}

export function SectionSideNav({
  sections,
  label,
  tone,
}: {
  sections: readonly SideNavSection[];
  /** The navigation's accessible name. */
  label: string;
  /** The sidebar's background: each page has its own. */
  tone: "accent" | "teal";
}) {
  const background =
    tone === "accent"
      ? "bg-[radial-gradient(18rem_14rem_at_0%_0%,var(--color-accent-soft),transparent),radial-gradient(16rem_12rem_at_100%_100%,var(--color-brand-soft),transparent)]"
      : "bg-[radial-gradient(18rem_14rem_at_0%_0%,var(--color-teal-soft),transparent),radial-gradient(16rem_12rem_at_100%_100%,var(--color-brand-soft),transparent)]";

  return (
    <nav
      aria-label={label}
      data-section-nav=""
      className={`rounded-[var(--radius-card)] border border-line bg-surface p-2 lg:sticky lg:top-24 lg:p-3 ${background}`}
    >
      <ul className="grid grid-cols-3 gap-2 lg:grid-cols-1">
        {sections.map((s, i) => (
          <li key={s.id} className="min-w-0">
            <a
              href={`#${s.id}`}
              aria-current={i === 0 ? "location" : undefined}
              className="flex h-full flex-col items-center gap-2 rounded-xl p-2 text-center text-xs font-semibold text-muted no-underline transition-colors hover:bg-surface hover:text-ink aria-[current=location]:bg-surface aria-[current=location]:text-ink aria-[current=location]:shadow-[var(--shadow-card)] aria-[current=location]:ring-2 aria-[current=location]:ring-brand lg:flex-row lg:p-3 lg:text-left lg:text-sm"
            >
              <SectionIllustration id={s.id} className="h-9 w-12 shrink-0 lg:h-12 lg:w-16" />
              <span className="min-w-0">{s.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
