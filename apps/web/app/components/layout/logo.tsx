import { brand } from "~/brand";

/** The Hourline mark: a clock face whose hand is a rising line. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="14" fill="var(--color-brand-strong)" />
        <path
          d="M9 20.5 14 15l3.5 3L23 11"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="23" cy="11" r="2.2" fill="var(--color-accent)" />
      </svg>
      <span className="text-lg">{brand.name}</span>
    </span>
  );
}
