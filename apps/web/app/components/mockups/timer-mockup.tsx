/** The running timer on a task, with the idle prompt and the day's entries beneath it. */
import { Pause } from "lucide-react";
import { MockupFrame } from "./mockup-frame";

const entries = [
  { task: "Code review: cart totals", project: "Webshop", time: "0:45" },
  { task: "Standup and planning", project: "Internal", time: "0:20" },
  { task: "Retry failed payments", project: "Webshop", time: "2:10" },
];

export function TimerMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Today · Meera Joshi"
      chip={{ tone: "teal", text: "4h 39m tracked" }}
      label="The Hourline time tracker: a timer running for 1 hour 24 minutes on the task Retry failed payments, a prompt asking whether to keep or discard 12 idle minutes, and the day's earlier time entries"
    >
      <div className="flex items-center gap-3 rounded-xl bg-brand-strong p-3 text-on-brand">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-surface text-brand-strong dark:text-ink">
          <Pause aria-hidden="true" className="size-4" fill="currentColor" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold">
            Retry failed payments
          </span>
          <span className="block text-[0.6875rem] text-[#c7d2fe]">Webshop · Sprint 9</span>
        </span>
        <span className="font-[family-name:var(--font-display)] text-xl font-bold tabular-nums">
          1:24:36
        </span>
      </div>
      <div className="mt-3 rounded-xl border border-line bg-accent-soft p-3">
        <p className="text-[0.75rem] font-semibold text-ink">You were idle for 12 minutes.</p>
        <p className="text-[0.6875rem] text-ink">Keep that time on this task?</p>
        <div className="mt-2 flex gap-2 text-[0.6875rem] font-bold">
          <span className="rounded-full bg-brand-strong px-3 py-1 text-on-brand">Keep</span>
          <span className="rounded-full bg-surface px-3 py-1 text-ink">Discard</span>
        </div>
      </div>
      <ul className="mt-3 divide-y divide-line">
        {entries.map((e) => (
          <li key={e.task} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.75rem] font-semibold text-ink">
                {e.task}
              </span>
              <span className="block text-[0.6875rem] text-muted">{e.project}</span>
            </span>
            <span className="text-[0.75rem] font-bold text-ink tabular-nums">{e.time}</span>
          </li>
        ))}
      </ul>
    </MockupFrame>
  );
}
