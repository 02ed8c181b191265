/** A Kanban board drawn in HTML and CSS: the product's most recognizable screen, without a screenshot. */
const columns = [
  {
    title: "To Do",
    tone: "bg-brand-soft text-brand",
    cards: [
      { title: "Draft Q3 leave policy", tag: "HR", who: "AS", time: "0h" },
      { title: "Quote for Patel & Co. redesign", tag: "Sales", who: "RK", time: "0h" },
    ],
  },
  {
    title: "In Progress",
    tone: "bg-accent-soft text-[#92400e] dark:text-accent",
    cards: [
      {
        title: "Checkout flow: payment retries",
        tag: "Sprint 14",
        who: "MJ",
        time: "3h 20m",
        live: true,
      },
      { title: "Onboard two new designers", tag: "People", who: "PN", time: "1h 05m" },
    ],
  },
  {
    title: "Done",
    tone: "bg-teal-soft text-[#115e59] dark:text-teal",
    cards: [
      { title: "Laptop assigned to Divya", tag: "Assets", who: "DS", time: "15m" },
      { title: "March timesheets approved", tag: "Payroll", who: "AS", time: "40m" },
    ],
  },
];

export function KanbanMockup({ className = "" }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label="A Hourline Kanban board with To Do, In Progress and Done columns, each card showing its owner and the time tracked on it"
      className={`card overflow-hidden p-3 sm:p-4 ${className}`}
    >
      <div className="mb-3 flex items-center justify-between px-1">
        <span className="text-sm font-bold text-ink">Website relaunch</span>
        <span className="rounded-full bg-sunken px-2.5 py-1 text-xs font-semibold text-muted">
          Sprint 14 · 6 days left
        </span>
      </div>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {columns.map((col) => (
          <div key={col.title} className="min-w-0 rounded-xl bg-sunken p-2">
            {/* The count is a badge after the title, never pushed into it: on a phone "In
                Progress" takes two lines and the badge follows on its own. */}
            <p className="mb-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 px-1 text-[0.6875rem] font-bold text-muted uppercase sm:text-xs">
              <span className="min-w-0">{col.title}</span>
              <span className="rounded-full bg-surface px-1.5 text-ink tabular-nums">
                {col.cards.length}
              </span>
            </p>
            <ul className="space-y-2">
              {col.cards.map((card) => (
                <li
                  key={card.title}
                  className="rounded-lg border border-line bg-surface p-2 shadow-sm"
                >
                  <p className="text-[0.6875rem] leading-snug font-semibold text-ink sm:text-[0.8125rem]">
                    {card.title}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-1">
                    <span
                      className={`rounded-md px-1.5 py-0.5 text-[0.625rem] font-bold ${col.tone}`}
                    >
                      {card.tag}
                    </span>
                    <span className="flex items-center gap-1 text-[0.625rem] text-muted tabular-nums">
                      {"live" in card ? (
                        <span className="size-1.5 rounded-full bg-[#16a34a]" />
                      ) : null}
                      {card.time}
                    </span>
                  </div>
                  <span className="mt-2 grid size-5 place-items-center rounded-full bg-brand-strong text-[0.5625rem] font-bold text-on-brand">
                    {card.who}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
