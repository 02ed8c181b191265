/** Today's attendance: who checked in, from where, and the month at a glance. */
import { Avatar, Chip, MockupFrame, type MockupTone } from "./mockup-frame";

const people: {
  who: string;
  name: string;
  place: string;
  placeTone: MockupTone;
  inAt: string;
  outAt: string;
}[] = [
  {
    who: "MJ",
    name: "Meera Joshi",
    place: "Office",
    placeTone: "brand",
    inAt: "09:12",
    outAt: "18:05",
  },
  { who: "RS", name: "Rohan Sahu", place: "Home", placeTone: "teal", inAt: "08:47", outAt: "–" },
  {
    who: "AK",
    name: "Arjun Kulkarni",
    place: "Client site",
    placeTone: "accent",
    inAt: "10:02",
    outAt: "–",
  },
  { who: "PN", name: "Priya Nair", place: "On leave", placeTone: "muted", inAt: "–", outAt: "–" },
];

// One row per working day of the month so far: p present, l leave, h public holiday.
const month = "pppppppplppppphppppp".split("");
const dayTone = { p: "bg-teal", l: "bg-accent", h: "bg-brand" } as const;

export function AttendanceMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Attendance · Thursday"
      chip={{ tone: "teal", text: "18 of 20 in" }}
      label="Hourline attendance for one day: check-in and check-out times with where each person works, office, home or a client site, one colleague on leave, and a strip of the month's working days marking presence, leave and a public holiday"
    >
      <ul className="divide-y divide-line">
        {people.map((p) => (
          <li key={p.who} className="flex items-center gap-3 py-2">
            <Avatar initials={p.who} tone="teal" />
            <span className="min-w-0 flex-1">
              <span className="block min-w-0 [overflow-wrap:anywhere] text-[0.8125rem] font-semibold text-ink">
                {p.name}
              </span>
              <span className="block text-[0.6875rem] text-muted tabular-nums">
                In {p.inAt} · Out {p.outAt}
              </span>
            </span>
            <Chip tone={p.placeTone}>{p.place}</Chip>
          </li>
        ))}
      </ul>
      <p className="mt-3 mb-1.5 text-[0.6875rem] font-bold text-muted uppercase">
        Meera · this month
      </p>
      <div className="flex gap-1">
        {month.map((d, i) => (
          <span
            key={i}
            className={`h-4 min-w-0 flex-1 rounded-sm ${dayTone[d as keyof typeof dayTone]}`}
          />
        ))}
      </div>
    </MockupFrame>
  );
}
