/** January on the holiday planner, with the days off of two offices marked. */
import { MockupFrame } from "./mockup-frame";

// January 2026 starts on a Thursday; the grid runs Monday to Sunday.
const leadingBlanks = 3;
const daysInMonth = 31;
const holidays: Record<number, { name: string; where: string; tone: string }> = {
  1: {
    name: "New Year's Day",
    where: "London",
    tone: "bg-teal-soft text-[#115e59] dark:text-teal",
  },
  14: {
    name: "Makar Sankranti",
    where: "Pune, optional",
    tone: "bg-accent-soft text-[#92400e] dark:text-accent",
  },
  26: { name: "Republic Day", where: "Pune", tone: "bg-brand-strong text-on-brand" },
};
const weekdays = ["M", "T", "W", "T", "F", "S", "S"];

export function HolidaysMockup({ className = "" }: { className?: string }) {
  const cells = [
    ...Array.from({ length: leadingBlanks }, () => 0),
    ...Array.from({ length: daysInMonth }, (_, i) => i + 1),
  ];
  return (
    <MockupFrame
      className={className}
      title="Holiday planner · January 2026"
      chip={{ tone: "brand", text: "Pune + London" }}
      label="The Hourline holiday planner for January 2026: New Year's Day for the London office, Makar Sankranti as an optional holiday and Republic Day for the Pune office, each marked on the month's calendar"
    >
      <div className="grid grid-cols-7 gap-1 text-center text-[0.625rem] font-bold text-muted">
        {weekdays.map((d, i) => (
          <span key={i}>{d}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1 text-center text-[0.6875rem] tabular-nums">
        {cells.map((day, i) => {
          const holiday = day ? holidays[day] : undefined;
          const weekend = i % 7 >= 5;
          return (
            <span
              key={i}
              className={`grid aspect-square place-items-center rounded-md ${
                day === 0
                  ? ""
                  : holiday
                    ? `${holiday.tone} font-bold`
                    : weekend
                      ? "bg-sunken text-muted"
                      : "text-ink"
              }`}
            >
              {day || ""}
            </span>
          );
        })}
      </div>
      <ul className="mt-3 space-y-1.5">
        {Object.entries(holidays).map(([day, h]) => (
          <li key={day} className="flex items-center gap-2 text-[0.75rem]">
            <span
              className={`grid size-6 shrink-0 place-items-center rounded-md text-[0.625rem] font-bold ${h.tone}`}
            >
              {day}
            </span>
            <span className="min-w-0 min-w-0 [overflow-wrap:anywhere] font-semibold text-ink">
              {h.name}
            </span>
            <span className="ml-auto shrink-0 text-[0.6875rem] text-muted">{h.where}</span>
          </li>
        ))}
      </ul>
    </MockupFrame>
  );
}
