/**
 * The window every product mock-up is drawn in: one picture (role="img") with a title bar and an
 * optional status chip. What the picture shows is told by its label, so the drawing stays decoration.
 */
import type { ReactNode } from "react";

export const mockupTones = {
  brand: "bg-brand-soft text-brand",
  accent: "bg-accent-soft text-[#92400e] dark:text-accent",
  teal: "bg-teal-soft text-[#115e59] dark:text-teal",
  muted: "bg-sunken text-muted",
  danger: "bg-[#fee2e2] text-[#991b1b] dark:bg-[#3b1414] dark:text-danger",
} as const;

export type MockupTone = keyof typeof mockupTones;

export function Chip({ tone, children }: { tone: MockupTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-[0.6875rem] font-bold whitespace-nowrap ${mockupTones[tone]}`}
    >
      {children}
    </span>
  );
}

export function Avatar({
  initials,
  tone = "brand",
}: {
  initials: string;
  tone?: "brand" | "teal";
}) {
  const color = tone === "brand" ? "bg-brand-strong" : "bg-[#115e59]";
  return (
    <span
      className={`grid size-7 shrink-0 place-items-center rounded-full text-[0.625rem] font-bold text-on-brand ${color}`}
    >
      {initials}
    </span>
  );
}

export function MockupFrame({
  label,
  title,
  chip,
  className = "",
  children,
}: {
  /** What the picture shows, for people who cannot see it. */
  label: string;
  title: string;
  chip?: { tone: MockupTone; text: ReactNode };
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={label} className={`card min-w-0 overflow-hidden ${className}`}>
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <span className="min-w-0 min-w-0 [overflow-wrap:anywhere] text-sm font-bold text-ink">
          {title}
        </span>
        {chip ? <Chip tone={chip.tone}>{chip.text}</Chip> : null}
      </div>
      <div className="p-3 sm:p-4">{children}</div>
    </div>
  );
}
