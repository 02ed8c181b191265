/** The office manager's dashboard: an announcement, roles, and what needs attention today. */
import { Megaphone, Package, ReceiptText, ShieldCheck } from "lucide-react";
import { Chip, MockupFrame } from "./mockup-frame";

const alerts = [
  {
    icon: Package,
    text: "Printer toner: 2 left",
    tone: "bg-accent-soft text-[#92400e] dark:text-accent",
  },
  { icon: ShieldCheck, text: "Monitor warranty ends in 14 days", tone: "bg-brand-soft text-brand" },
  {
    icon: ReceiptText,
    text: "3 client invoices ready",
    tone: "bg-teal-soft text-[#115e59] dark:text-teal",
  },
];

export function OfficeMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Pune office · Dashboard"
      chip={{ tone: "brand", text: "42 people" }}
      label="The Hourline office dashboard: a company announcement about lift maintenance seen by most of the office, the custom roles in use, and alerts for low printer toner, a monitor warranty about to end and client invoices ready to send"
    >
      <div className="rounded-xl bg-brand-strong p-3 text-on-brand">
        <p className="flex items-center gap-2 text-[0.6875rem] font-bold tracking-wide text-[#c7d2fe] uppercase">
          <Megaphone aria-hidden="true" className="size-3.5" /> Announcement
        </p>
        <p className="mt-1 text-[0.8125rem] font-semibold">
          Lift maintenance on Saturday: use the east stairs from 8 to 12.
        </p>
        <p className="mt-1 text-[0.6875rem] text-[#c7d2fe]">Seen by 38 of 42</p>
      </div>
      <p className="mt-3 mb-1.5 text-[0.6875rem] font-bold text-muted uppercase">Roles</p>
      <div className="flex flex-wrap gap-1.5">
        <Chip tone="muted">Admin</Chip>
        <Chip tone="muted">Team lead</Chip>
        <Chip tone="muted">HR</Chip>
        <Chip tone="muted">Finance</Chip>
        <Chip tone="muted">Contractor</Chip>
      </div>
      <ul className="mt-3 space-y-1.5">
        {alerts.map(({ icon: Icon, text, tone }) => (
          <li
            key={text}
            className="flex items-center gap-2.5 rounded-lg border border-line px-2.5 py-2"
          >
            <span className={`grid size-7 shrink-0 place-items-center rounded-md ${tone}`}>
              <Icon aria-hidden="true" className="size-3.5" />
            </span>
            <span className="text-[0.75rem] font-medium text-ink">{text}</span>
          </li>
        ))}
      </ul>
    </MockupFrame>
  );
}
