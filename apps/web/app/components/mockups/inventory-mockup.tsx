/** Assets with their holders and warranties beside stock levels with a low-stock alert. */
import { AlertTriangle, Laptop, Monitor, Smartphone } from "lucide-react";
import { MockupFrame } from "./mockup-frame";

const assets = [
  {
    icon: Laptop,
    tag: "HL-0142",
    name: "MacBook Pro 14",
    holder: "Divya Sethi",
    warranty: "Mar 2027",
  },
  {
    icon: Monitor,
    tag: "HL-0087",
    name: "Dell 27 monitor",
    holder: "Rohan Sahu",
    warranty: "Ends in 14 days",
  },
  {
    icon: Smartphone,
    tag: "HL-0203",
    name: "Pixel test phone",
    holder: "QA shelf",
    warranty: "Nov 2026",
  },
];
const stock = [
  { item: "A4 paper (reams)", qty: 4, reorder: 10 },
  { item: "USB-C chargers", qty: 12, reorder: 5 },
  { item: "Printer toner", qty: 2, reorder: 3 },
];

export function InventoryMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Assets & inventory"
      chip={{ tone: "accent", text: "2 low on stock" }}
      label="Hourline assets and inventory: three tagged assets with the employee or shelf holding them and their warranty dates, one warranty ending soon, and stock levels where A4 paper and printer toner have fallen below their reorder levels"
    >
      <ul className="divide-y divide-line">
        {assets.map(({ icon: Icon, tag, name, holder, warranty }) => (
          <li key={tag} className="flex items-center gap-3 py-2">
            <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
                {name}
              </span>
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.6875rem] text-muted">
                {tag} · {holder}
              </span>
            </span>
            <span className="shrink-0 text-right text-[0.6875rem] text-muted">{warranty}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 mb-1.5 text-[0.6875rem] font-bold text-muted uppercase">Stock</p>
      <ul className="space-y-1.5">
        {stock.map((s) => {
          const low = s.qty < s.reorder;
          return (
            <li
              key={s.item}
              className={`flex items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-[0.75rem] ${low ? "bg-accent-soft" : "bg-sunken"}`}
            >
              <span className="flex min-w-0 items-center gap-1.5 font-medium text-ink">
                {low ? <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" /> : null}
                <span className="min-w-0 [overflow-wrap:anywhere]">{s.item}</span>
              </span>
              <span className="shrink-0 text-ink tabular-nums">
                {s.qty} <span className="text-muted">/ reorder at {s.reorder}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </MockupFrame>
  );
}
