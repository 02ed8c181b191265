/**
 * The side image navigation of the holidays and leave pages: one small drawing per anchored section,
 * linking to it, with the section in view marked as the current one. Sticky beside the sections on
 * wide screens; a row of tiles above them on narrow ones.
 */
import { useEffect, useState } from "react";
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
  const [current, setCurrent] = useState(sections[0]?.id ?? "");

  useEffect(() => {
    const visible = new Set<string>();
    // A band across the upper middle of the viewport: the section crossing it is the one being read.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = sections.find((s) => visible.has(s.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: "-30% 0px -55% 0px" },
    );
    for (const s of sections) {
      const el = document.getElementById(s.id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [sections]);

  const background =
    tone === "accent"
      ? "bg-[radial-gradient(18rem_14rem_at_0%_0%,var(--color-accent-soft),transparent),radial-gradient(16rem_12rem_at_100%_100%,var(--color-brand-soft),transparent)]"
      : "bg-[radial-gradient(18rem_14rem_at_0%_0%,var(--color-teal-soft),transparent),radial-gradient(16rem_12rem_at_100%_100%,var(--color-brand-soft),transparent)]";

  return (
    <nav
      aria-label={label}
      className={`rounded-[var(--radius-card)] border border-line bg-surface p-2 lg:sticky lg:top-24 lg:p-3 ${background}`}
    >
      <ul className="grid grid-cols-3 gap-2 lg:grid-cols-1">
        {sections.map((s) => {
          const active = s.id === current;
          return (
            <li key={s.id} className="min-w-0">
              <a
                href={`#${s.id}`}
                aria-current={active ? "location" : undefined}
                onClick={() => setCurrent(s.id)}
                className={`flex h-full flex-col items-center gap-2 rounded-xl p-2 text-center text-xs font-semibold no-underline transition-colors lg:flex-row lg:p-3 lg:text-left lg:text-sm ${
                  active
                    ? "bg-surface text-ink shadow-[var(--shadow-card)] ring-2 ring-brand"
                    : "text-muted hover:bg-surface hover:text-ink"
                }`}
              >
                <SectionIllustration id={s.id} className="h-9 w-12 shrink-0 lg:h-12 lg:w-16" />
                <span className="min-w-0">{s.title}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
