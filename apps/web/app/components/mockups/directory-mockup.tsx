/** The employee directory: a search and the profiles it found, with team, manager and office. */
import { MapPin, Search } from "lucide-react";
import { Avatar, Chip, MockupFrame } from "./mockup-frame";

const people = [
  {
    who: "MJ",
    name: "Meera Joshi",
    role: "Product designer",
    team: "Design",
    manager: "Anil Shah",
    office: "Pune",
  },
  {
    who: "TH",
    name: "Tom Hughes",
    role: "Design lead",
    team: "Design",
    manager: "Sara Patel",
    office: "London",
  },
  {
    who: "DS",
    name: "Divya Sethi",
    role: "UX researcher",
    team: "Design",
    manager: "Tom Hughes",
    office: "Remote",
  },
];

export function DirectoryMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="People"
      chip={{ tone: "brand", text: "3 found" }}
      label="The Hourline employee directory searched for design: three profiles with each person's role, team, manager and office location"
    >
      <div className="flex items-center gap-2 rounded-full border border-line bg-sunken px-3 py-1.5 text-[0.75rem] text-ink">
        <Search aria-hidden="true" className="size-3.5 text-muted" />
        design
      </div>
      <ul className="mt-3 space-y-2">
        {people.map((p) => (
          <li key={p.who} className="flex items-start gap-3 rounded-xl border border-line p-2.5">
            <Avatar initials={p.who} />
            <span className="min-w-0 flex-1">
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
                {p.name}
              </span>
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.6875rem] text-muted">
                {p.role} · reports to {p.manager}
              </span>
              <span className="mt-1 flex flex-wrap gap-1.5">
                <Chip tone="brand">{p.team}</Chip>
                <Chip tone="muted">
                  <MapPin aria-hidden="true" className="size-3" />
                  {p.office}
                </Chip>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </MockupFrame>
  );
}
