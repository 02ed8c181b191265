import { Building2, CalendarCheck2, Clock3, KanbanSquare, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "~/components/ui/section-heading";
import { routeMeta } from "~/seo";
import { featuresInGroup, requirePageRoute, type FeatureGroup } from "~/site";

const route = requirePageRoute("/what-do");
export const meta = () => routeMeta(route);

const areas: { group: FeatureGroup; icon: LucideIcon; title: string; text: string }[] = [
  {
    group: "projects",
    icon: KanbanSquare,
    title: "We organize the work",
    text: "Boards and sprints that show what is moving and what is stuck, with the files and discussion attached to each task instead of scattered across inboxes.",
  },
  {
    group: "time",
    icon: Clock3,
    title: "We account for the hours",
    text: "A tracker people do not resent, corrections that leave a trail, and approved hours that payroll and client invoices can trust without a second check.",
  },
  {
    group: "people",
    icon: CalendarCheck2,
    title: "We look after the people",
    text: "Attendance, leave and holidays handled by rules everyone can read, so a balance is never a matter of opinion and a day off never needs three e-mails.",
  },
  {
    group: "office",
    icon: Building2,
    title: "We run the office",
    text: "Announcements that reach everyone, roles that decide who sees what, and a register of every laptop, license and box of supplies the company owns.",
  },
];

const principles = [
  "Ship small improvements every week and explain each change before it lands",
  "Keep every screen fast on an ordinary laptop and a mobile connection",
  "Answer every support question during published working hours",
  "Charge for what was used, never for seats bought in advance",
  "Let customers export everything, at any time, without asking us",
];

export default function WhatDo() {
  return (
    <>
      <PageHeader eyebrow="What we do" heading={route.heading}>
        <p>
          {brand.name} makes the software a growing company runs its week on. We build it, host it,
          support it and improve it from our office in {brand.address.locality}, for teams in India
          and around the world.
        </p>
      </PageHeader>

      <section aria-labelledby="areas-title" className="container-page py-20">
        <SectionHeading
          id="areas-title"
          eyebrow="Four jobs, one product"
          title="The four jobs we take off your plate"
        />
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
          {areas.map(({ group, icon: Icon, title, text }) => (
            <li key={group} className="card p-6 sm:p-8">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
              <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {featuresInGroup(group).map((r) => (
                  <li key={r.path}>
                    <Link to={r.path} className="font-semibold text-brand">
                      {r.feature?.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="border-y border-line bg-surface">
        <div className="container-page grid grid-cols-1 gap-12 py-20 lg:grid-cols-2">
          <SectionHeading
            id="how-title"
            eyebrow="How we work"
            title="Principles we build and support by"
          >
            <p>
              We are a small company, and we would rather do a few things properly than many things
              halfway. These rules decide what we build next and how we treat the people who pay for
              it.
            </p>
          </SectionHeading>
          <CheckList items={principles} />
        </div>
      </section>

      <section aria-labelledby="next-title" className="container-page py-20">
        <h2 id="next-title" className="text-2xl font-bold text-ink">
          Where to go next
        </h2>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/feature-detail" className="btn btn-primary">
            Tour the modules
          </Link>
          <Link to="/about-us" className="btn btn-secondary">
            Meet the company
          </Link>
          <Link to="/careers" className="btn btn-secondary">
            Work with us
          </Link>
        </div>
      </section>
    </>
  );
}
