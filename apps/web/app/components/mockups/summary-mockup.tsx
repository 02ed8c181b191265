/** A week of tracked hours: billable and internal bars per day, and totals per project. */
import { MockupFrame } from "./mockup-frame";

const days = [
  { day: "Mon", billable: 6.5, internal: 1.5 },
  { day: "Tue", billable: 7, internal: 1 },
  { day: "Wed", billable: 5, internal: 2.5 },
  { day: "Thu", billable: 7.5, internal: 0.5 },
  { day: "Fri", billable: 5.5, internal: 2 },
];
const projects = [
  { name: "Website relaunch", hours: "14:30", planned: "13:00" },
  { name: "Mobile app", hours: "17:00", planned: "18:00" },
  { name: "Internal", hours: "7:30", planned: "8:00" },
];
const max = 9;

export function SummaryMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Week 23 · Design team"
      chip={{ tone: "brand", text: "39h total" }}
      label="A Hourline weekly time summary: bars for Monday to Friday split into billable and internal hours, and a table of hours per project compared with the hours planned in check-ins"
    >
      <div className="flex h-28 items-end justify-between gap-2 rounded-xl bg-sunken px-3 pt-3 pb-2">
        {days.map((d) => (
          <div key={d.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <div className="flex w-full max-w-8 flex-1 flex-col justify-end overflow-hidden rounded-md">
              <span
                className="block bg-accent"
                style={{ height: `${(d.internal / max) * 100}%` }}
              />
              <span className="block bg-brand" style={{ height: `${(d.billable / max) * 100}%` }} />
            </div>
            <span className="text-[0.625rem] font-semibold text-muted">{d.day}</span>
          </div>
        ))}
      </div>
      <p className="mt-2 flex gap-4 text-[0.6875rem] text-muted">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-brand" /> Billable
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-accent" /> Internal
        </span>
      </p>
      <table className="mt-3 w-full text-left text-[0.75rem] tabular-nums">
        <thead className="text-muted">
          <tr>
            <th className="py-1 font-semibold">Project</th>
            <th className="py-1 text-right font-semibold">Planned</th>
            <th className="py-1 text-right font-semibold">Tracked</th>
          </tr>
        </thead>
        <tbody>
          {projects.map((p) => (
            <tr key={p.name} className="border-t border-line">
              <td className="py-1.5 font-medium text-ink">{p.name}</td>
              <td className="py-1.5 text-right text-muted">{p.planned}</td>
              <td className="py-1.5 text-right font-bold text-ink">{p.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </MockupFrame>
  );
}
