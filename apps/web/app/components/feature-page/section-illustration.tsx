/**
 * Small drawings for the anchored sections of the holidays and leave pages: the side navigation
 * shows them as its images, and each section repeats its own beside the heading. Decorative: the
 * section's title always travels with them.
 */
import type { ReactElement } from "react";

const frame = "fill-surface stroke-line";

const drawings: Record<string, ReactElement> = {
  // A month page with two offices' days off pinned in different colors.
  "holiday-planner": (
    <>
      <rect x="6" y="8" width="52" height="36" rx="5" className={frame} strokeWidth="2" />
      <rect x="6" y="8" width="52" height="9" rx="4" className="fill-brand-strong" />
      {[0, 1, 2, 3, 4].map((c) =>
        [0, 1, 2].map((r) => (
          <rect
            key={`${c}-${r}`}
            x={11 + c * 9.5}
            y={21 + r * 7.5}
            width="6"
            height="5"
            rx="1.5"
            className="fill-sunken"
          />
        )),
      )}
      <rect x="20.5" y="21" width="6" height="5" rx="1.5" className="fill-accent" />
      <rect x="39.5" y="36" width="6" height="5" rx="1.5" className="fill-teal" />
    </>
  ),
  // A list of festivals with two ticked: the optional days someone picked.
  "optional-holidays": (
    <>
      <rect x="10" y="5" width="44" height="40" rx="5" className={frame} strokeWidth="2" />
      {[0, 1, 2].map((r) => (
        <g key={r}>
          <rect
            x="16"
            y={12 + r * 10.5}
            width="7"
            height="7"
            rx="2"
            className={r === 1 ? "fill-sunken" : "fill-teal"}
          />
          <rect
            x="27"
            y={14 + r * 10.5}
            width={r === 1 ? 16 : 21}
            height="3"
            rx="1.5"
            className="fill-line"
          />
        </g>
      ))}
      <path
        d="M45 4l1.8 3.7 4 .6-2.9 2.8.7 4-3.6-1.9-3.6 1.9.7-4-2.9-2.8 4-.6z"
        className="fill-accent"
      />
    </>
  ),
  // A week of work bars with a gap where an office is closed.
  "planning-around-holidays": (
    <>
      <rect x="4" y="6" width="56" height="38" rx="5" className={frame} strokeWidth="2" />
      <rect x="10" y="13" width="20" height="5" rx="2.5" className="fill-brand" />
      <rect x="38" y="13" width="16" height="5" rx="2.5" className="fill-brand" />
      <rect x="10" y="23" width="12" height="5" rx="2.5" className="fill-teal" />
      <rect x="38" y="23" width="16" height="5" rx="2.5" className="fill-teal" />
      <rect x="10" y="33" width="20" height="5" rx="2.5" className="fill-accent" />
      <rect
        x="31"
        y="10"
        width="5"
        height="31"
        rx="2"
        className="fill-accent-soft stroke-accent"
        strokeDasharray="2 2"
      />
    </>
  ),
  // A policy sheet: leave types with their yearly days.
  "leave-policies": (
    <>
      <path d="M14 4h26l10 10v32H14z" className={frame} strokeWidth="2" strokeLinejoin="round" />
      <path
        d="M40 4v10h10"
        className="fill-sunken stroke-line"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {[0, 1, 2, 3].map((r) => (
        <g key={r}>
          <rect
            x="19"
            y={19 + r * 6.5}
            width={r % 2 ? 14 : 18}
            height="3"
            rx="1.5"
            className="fill-line"
          />
          <rect x="39" y={19 + r * 6.5} width="6" height="3" rx="1.5" className="fill-brand" />
        </g>
      ))}
    </>
  ),
  // Three balance bars, each partly used.
  "leave-balances": (
    <>
      <rect x="6" y="6" width="52" height="38" rx="5" className={frame} strokeWidth="2" />
      {[
        { y: 13, w: 30, c: "fill-brand" },
        { y: 23, w: 38, c: "fill-teal" },
        { y: 33, w: 20, c: "fill-accent" },
      ].map((b) => (
        <g key={b.y}>
          <rect x="12" y={b.y} width="40" height="5" rx="2.5" className="fill-sunken" />
          <rect x="12" y={b.y} width={b.w} height="5" rx="2.5" className={b.c} />
        </g>
      ))}
    </>
  ),
  // A request card with an approval tick.
  "leave-approvals": (
    <>
      <rect x="6" y="8" width="44" height="32" rx="5" className={frame} strokeWidth="2" />
      <circle cx="16" cy="18" r="4.5" className="fill-teal" />
      <rect x="24" y="15" width="20" height="3" rx="1.5" className="fill-line" />
      <rect x="24" y="21" width="14" height="3" rx="1.5" className="fill-line" />
      <rect x="12" y="30" width="14" height="5" rx="2.5" className="fill-sunken" />
      <circle cx="50" cy="36" r="9" className="fill-brand-strong" />
      <path
        d="M45.5 36.2l3 3 6-6.2"
        fill="none"
        className="stroke-on-brand"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
};

export function hasSectionIllustration(id: string): boolean {
  return id in drawings;
}

export function SectionIllustration({ id, className = "" }: { id: string; className?: string }) {
  const drawing = drawings[id];
  if (!drawing) return null;
  return (
    <svg viewBox="0 0 64 48" aria-hidden="true" focusable="false" className={className}>
      {drawing}
    </svg>
  );
}
