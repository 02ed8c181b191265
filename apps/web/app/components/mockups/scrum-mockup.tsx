/** A sprint board with story points and a burndown line: the Scrum page's picture. */
import { MockupFrame, mockupTones } from "./mockup-frame";

const columns = [
  {
    title: "To Do",
    tone: mockupTones.brand,
    cards: [
      { title: "Saved cards at checkout", points: 5 },
      { title: "Receipt e-mail layout", points: 2 },
    ],
  },
  {
    title: "In Progress",
    tone: mockupTones.accent,
    cards: [
      { title: "Retry failed payments", points: 8 },
      { title: "Coupon field validation", points: 3 },
    ],
  },
  { title: "Testing", tone: mockupTones.muted, cards: [{ title: "Guest checkout", points: 5 }] },
  {
    title: "Done",
    tone: mockupTones.teal,
    cards: [
      { title: "Address autocomplete", points: 8 },
      { title: "Cart totals API", points: 3 },
    ],
  },
];

const committed = columns.flatMap((c) => c.cards).reduce((sum, c) => sum + c.points, 0);
const done = columns[3]?.cards.reduce((sum, c) => sum + c.points, 0) ?? 0;

export function ScrumMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Sprint 9 · Checkout revamp"
      chip={{ tone: "accent", text: "Day 6 of 10" }}
      label={`A Hourline sprint board: stories with story points in To Do, In Progress, Testing and Done, and a burndown chart showing ${done} of ${committed} committed points finished on day 6 of a two-week sprint`}
    >
      <div className="mb-3 rounded-xl bg-sunken p-3">
        <div className="flex items-baseline justify-between text-[0.6875rem] text-muted">
          <span className="font-bold text-ink">Burndown</span>
          <span className="tabular-nums">
            {committed - done} of {committed} pts left
          </span>
        </div>
        <svg
          viewBox="0 0 200 56"
          preserveAspectRatio="none"
          className="mt-2 h-14 w-full"
          aria-hidden="true"
        >
          <line
            x1="0"
            y1="6"
            x2="200"
            y2="52"
            stroke="currentColor"
            strokeDasharray="4 4"
            className="text-muted"
            strokeWidth="1.5"
            vectorEffect="non-scaling-stroke"
          />
          <polyline
            points="0,6 20,8 40,14 60,17 80,26 100,30 120,33"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
            className="text-brand"
          />
        </svg>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {columns.map((col) => (
          <div key={col.title} className="min-w-0 rounded-xl bg-sunken p-2">
            <p className="mb-2 flex items-center justify-between px-1 text-[0.6875rem] font-bold text-muted uppercase">
              {col.title}
              <span className="tabular-nums">{col.cards.length}</span>
            </p>
            <ul className="space-y-2">
              {col.cards.map((card) => (
                <li key={card.title} className="rounded-lg border border-line bg-surface p-2">
                  <p className="text-[0.6875rem] leading-snug font-semibold text-ink">
                    {card.title}
                  </p>
                  <span
                    className={`mt-1.5 inline-block rounded-md px-1.5 py-0.5 text-[0.625rem] font-bold tabular-nums ${col.tone}`}
                  >
                    {card.points} pts
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </MockupFrame>
  );
}
