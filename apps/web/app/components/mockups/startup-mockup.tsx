/** A young company's workspace: a few projects in flight and the modules it has switched on so far. */
import { Check } from "lucide-react";
import { Avatar, Chip, MockupFrame } from "./mockup-frame";

const projects = [
  { name: "Beta launch", done: 14, total: 20, people: ["AK", "RS", "MJ"] },
  { name: "Investor demo", done: 5, total: 12, people: ["AK", "PN"] },
  { name: "Hire first sales rep", done: 2, total: 7, people: ["PN"] },
];

const modules = [
  { name: "Boards", on: true },
  { name: "Time tracker", on: true },
  { name: "Attendance", on: true },
  { name: "Leave", on: false },
  { name: "Assets", on: false },
];

export function StartupMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Lumen Robotics · Workspace"
      chip={{ tone: "teal", text: "6 people" }}
      label="A startup's Hourline workspace: three projects with task progress and their team members, and a row of modules where boards, time tracking and attendance are switched on while leave and assets wait to be turned on"
    >
      <ul className="space-y-2">
        {projects.map((p) => (
          <li key={p.name} className="rounded-xl bg-sunken p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
                {p.name}
              </span>
              <span className="flex -space-x-1.5">
                {p.people.map((who) => (
                  <Avatar key={who} initials={who} />
                ))}
              </span>
            </div>
            <div className="mt-2 flex items-center gap-2">
              <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-line">
                <span
                  className="block h-full rounded-full bg-brand"
                  style={{ width: `${(p.done / p.total) * 100}%` }}
                />
              </span>
              <span className="text-[0.6875rem] text-muted tabular-nums">
                {p.done}/{p.total} tasks
              </span>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 mb-2 text-[0.6875rem] font-bold text-muted uppercase">Modules</p>
      <div className="flex flex-wrap gap-1.5">
        {modules.map((m) =>
          m.on ? (
            <Chip key={m.name} tone="teal">
              <Check aria-hidden="true" className="size-3" strokeWidth={3} />
              {m.name}
            </Chip>
          ) : (
            <span
              key={m.name}
              className="rounded-full border border-dashed border-line px-2 py-0.5 text-[0.6875rem] font-bold text-muted"
            >
              + {m.name}
            </span>
          ),
        )}
      </div>
    </MockupFrame>
  );
}
