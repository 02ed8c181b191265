/** Leave balances per type and a request waiting for its approver, with the team's overlap. */
import { Avatar, MockupFrame } from "./mockup-frame";

const balances = [
  { type: "Earned", left: 12.5, of: 18, bar: "bg-brand" },
  { type: "Sick", left: 6, of: 8, bar: "bg-teal" },
  { type: "Casual", left: 3, of: 6, bar: "bg-accent" },
];

export function LeaveMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Leave · Ananya Rao"
      chip={{ tone: "teal", text: "1 comp-off" }}
      label="Leave in Hourline: an employee's balances of earned, sick and casual leave, and her request for three days of earned leave waiting for her manager, who can see that one teammate is already off that week"
    >
      <ul className="space-y-2.5">
        {balances.map((b) => (
          <li key={b.type}>
            <div className="flex justify-between text-[0.75rem]">
              <span className="font-semibold text-ink">{b.type}</span>
              <span className="text-muted tabular-nums">
                {b.left} of {b.of} days left
              </span>
            </div>
            <span className="mt-1 block h-1.5 overflow-hidden rounded-full bg-line">
              <span
                className={`block h-full rounded-full ${b.bar}`}
                style={{ width: `${(b.left / b.of) * 100}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 rounded-xl border border-line bg-sunken p-3">
        <div className="flex items-center gap-2.5">
          <Avatar initials="AR" tone="teal" />
          <span className="min-w-0">
            <span className="block text-[0.8125rem] font-semibold text-ink">
              Earned leave · 3 days
            </span>
            <span className="block text-[0.6875rem] text-muted">Wed 4 to Fri 6 March</span>
          </span>
        </div>
        <p className="mt-2 text-[0.6875rem] text-ink">Also off that week: Rohan (Thu)</p>
        <div className="mt-2 flex justify-end gap-2 text-[0.6875rem] font-bold">
          <span className="rounded-full bg-surface px-3 py-1 text-ink ring-1 ring-line">
            Reject
          </span>
          <span className="rounded-full bg-brand-strong px-3 py-1 text-on-brand">Approve</span>
        </div>
      </div>
    </MockupFrame>
  );
}
