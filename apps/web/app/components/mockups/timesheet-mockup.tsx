/** A week of a timesheet, with one edit request waiting for approval. */
const days = ["Mon", "Tue", "Wed", "Thu", "Fri"];
const rows = [
  { project: "Website relaunch", hours: [3.5, 4, 2, 5, 3] },
  { project: "Mobile app", hours: [2, 1.5, 4, 1, 2.5] },
  { project: "Internal: hiring", hours: [1, 0.5, 0, 1.5, 1] },
];

function fmt(h: number) {
  if (h === 0) return "–";
  const whole = Math.floor(h);
  return `${whole}:${h % 1 ? "30" : "00"}`;
}

export function TimesheetMockup({ className = "" }: { className?: string }) {
  const totals = days.map((_, i) => rows.reduce((sum, r) => sum + (r.hours[i] ?? 0), 0));
  return (
    <div
      role="img"
      aria-label="A weekly timesheet in Hourline with hours per project and day, and one edit request awaiting approval"
      className={`card overflow-hidden ${className}`}
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <span className="text-sm font-bold text-ink">Week 23 · Meera Joshi</span>
        <span className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-[#92400e] dark:text-accent">
          1 edit pending
        </span>
      </div>
      <table className="w-full text-left text-xs tabular-nums sm:text-sm">
        <thead className="text-muted">
          <tr>
            <th className="px-2 py-2 sm:px-4 font-semibold">Project</th>
            {days.map((d) => (
              <th key={d} className="px-1 py-2 sm:px-2 text-right font-semibold">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.project} className="border-t border-line">
              <td className="px-2 py-2 font-medium text-ink sm:px-4">{r.project}</td>
              {r.hours.map((h, i) => (
                <td
                  key={days[i]}
                  className={`px-1 py-2 sm:px-2 text-right ${r.project === "Mobile app" && i === 3 ? "rounded bg-accent-soft font-bold text-ink" : "text-muted"}`}
                >
                  {fmt(h)}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t border-line font-bold text-ink">
            <td className="px-2 py-2 sm:px-4">Total</td>
            {totals.map((t, i) => (
              <td key={days[i]} className="px-1 py-2 sm:px-2 text-right">
                {fmt(t)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
