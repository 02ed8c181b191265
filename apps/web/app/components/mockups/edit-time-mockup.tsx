/** One edit-time request as an admin sees it: the original entry, the change and the reason. */
import { ArrowRight, History } from "lucide-react";
import { Avatar, MockupFrame } from "./mockup-frame";

const fields = [
  { name: "Start", before: "09:30", after: "09:30" },
  { name: "End", before: "18:45", after: "13:10" },
  { name: "Total", before: "9h 15m", after: "3h 40m" },
];

export function EditTimeMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Edit-time request"
      chip={{ tone: "accent", text: "Waiting for review" }}
      label="An edit-time request in Hourline: an employee asks to shorten an entry from 9 hours 15 minutes to 3 hours 40 minutes because the timer ran on after lunch, with Approve and Reject choices for the admin and the original entry kept in the history"
    >
      <div className="flex items-center gap-3">
        <Avatar initials="RS" />
        <span className="min-w-0">
          <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
            Rohan Sahu · Mobile app
          </span>
          <span className="block text-[0.6875rem] text-muted">Entry of Wednesday</span>
        </span>
      </div>
      <dl className="mt-3 divide-y divide-line rounded-xl bg-sunken px-3 text-[0.75rem] tabular-nums">
        {fields.map((f) => (
          <div key={f.name} className="flex items-center justify-between gap-2 py-2">
            <dt className="font-semibold text-muted">{f.name}</dt>
            <dd className="flex items-center gap-2">
              <span className={f.before === f.after ? "text-ink" : "text-muted line-through"}>
                {f.before}
              </span>
              <ArrowRight aria-hidden="true" className="size-3 text-muted" />
              <span className="font-bold text-ink">{f.after}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 rounded-xl border-l-4 border-accent bg-surface px-3 py-2 text-[0.75rem] text-ink">
        “Left the timer running after lunch and spent the afternoon at the dentist.”
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-1.5 text-[0.6875rem] text-muted">
          <History aria-hidden="true" className="size-3.5" /> Original kept in history
        </span>
        <span className="flex gap-2 text-[0.6875rem] font-bold">
          <span className="rounded-full bg-surface px-3 py-1 text-ink ring-1 ring-line">
            Reject
          </span>
          <span className="rounded-full bg-brand-strong px-3 py-1 text-on-brand">Approve</span>
        </span>
      </div>
    </MockupFrame>
  );
}
