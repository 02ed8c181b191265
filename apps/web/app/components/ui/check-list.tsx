import { Check } from "lucide-react";
import type { ReactNode } from "react";

export function CheckList({ items, className = "" }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-teal-soft text-[#115e59] dark:text-teal">
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
          </span>
          <span className="text-ink">{item}</span>
        </li>
      ))}
    </ul>
  );
}
