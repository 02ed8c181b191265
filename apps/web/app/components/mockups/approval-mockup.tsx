/** The weekly approval queue: each person's hours and check-ins with their decision. */
import { Lock } from "lucide-react";
import { Avatar, Chip, MockupFrame, type MockupTone } from "./mockup-frame";

const rows: {
  who: string;
  name: string;
  hours: string;
  checkIns: number;
  status: string;
  tone: MockupTone;
  note?: string;
}[] = [
  { who: "MJ", name: "Meera Joshi", hours: "38:30", checkIns: 9, status: "Approved", tone: "teal" },
  {
    who: "RS",
    name: "Rohan Sahu",
    hours: "41:10",
    checkIns: 11,
    status: "Pending",
    tone: "accent",
  },
  {
    who: "AK",
    name: "Arjun Kulkarni",
    hours: "35:45",
    checkIns: 8,
    status: "Pending",
    tone: "accent",
  },
  {
    who: "PN",
    name: "Priya Nair",
    hours: "44:20",
    checkIns: 7,
    status: "Rejected",
    tone: "danger",
    note: "Saturday block has no notes",
  },
];

export function ApprovalMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Approvals · Week 23"
      chip={{ tone: "accent", text: "2 waiting" }}
      label="The Hourline approval queue for one week: four people with their tracked hours and completed check-ins, one week approved and locked, two waiting for a decision and one rejected with a comment asking for notes"
    >
      <ul className="divide-y divide-line">
        {rows.map((r) => (
          <li key={r.who} className="flex items-start gap-3 py-2">
            <Avatar initials={r.who} />
            <span className="min-w-0 flex-1">
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
                {r.name}
              </span>
              <span className="block text-[0.6875rem] text-muted tabular-nums">
                {r.hours} h · {r.checkIns} check-ins
              </span>
              {r.note ? (
                <span className="mt-0.5 block text-[0.6875rem] text-ink">“{r.note}”</span>
              ) : null}
            </span>
            <Chip tone={r.tone}>
              {r.status === "Approved" ? <Lock aria-hidden="true" className="size-3" /> : null}
              {r.status}
            </Chip>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-end">
        <span className="rounded-full bg-brand-strong px-3 py-1.5 text-[0.6875rem] font-bold text-on-brand">
          Approve 2 selected
        </span>
      </div>
    </MockupFrame>
  );
}
