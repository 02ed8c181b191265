import { Briefcase, Code2, Stethoscope, Truck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { businessesPhrase, businessesSource, claims, surveySource } from "~/content/claims";
import { testimonials } from "~/content/testimonials";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/customers");
export const meta = () => routeMeta(route);

const segments: {
  icon: LucideIcon;
  title: string;
  text: string;
  modules: { label: string; to: string }[];
}[] = [
  {
    icon: Code2,
    title: "Software studios",
    text: "Sprints on the Scrum board, hours tracked on the stories themselves, and a burndown the client can be shown without a slide deck. Test devices and licenses sit in the asset register.",
    modules: [
      { label: "Scrum board", to: "/project-management-for-scrumboard" },
      { label: "Time tracker", to: "/time-tracker" },
    ],
  },
  {
    icon: Briefcase,
    title: "Agencies and consultancies",
    text: "Every client gets a swimlane and a folder. Approved hours flow into monthly, hourly or per-project invoices, and screenshots back up the entries clients ask about.",
    modules: [
      { label: "Kanban board", to: "/project-management-for-kanbanboard" },
      { label: "Time approval", to: "/time-tracker-with-time-approval" },
    ],
  },
  {
    icon: Stethoscope,
    title: "Clinics and practices",
    text: "Front desk and clinical staff check in for their shifts, request leave against an honest balance and see which colleagues are off before they swap a day.",
    modules: [
      { label: "Attendance", to: "/employee-attendance-management" },
      { label: "Leave", to: "/employee-leave-management" },
    ],
  },
  {
    icon: Truck,
    title: "Distributors and back offices",
    text: "Stock levels with reorder alerts, scanners and vehicles assigned to named people, and holiday calendars for each warehouse and branch office.",
    modules: [
      { label: "Assets & inventory", to: "/assets-and-inventory" },
      { label: "Holidays", to: "/employee-holidays-management" },
    ],
  },
];

export default function Customers() {
  const companies = testimonials.map((t) => t.company.split(",")[0] ?? t.company);
  return (
    <>
      <PageHeader eyebrow="Customers" heading={route.heading}>
        <p>
          {brand.name} runs the working week at {businessesPhrase}. Most have between five and two
          hundred people, and most started with one module before switching on the rest.{" "}
          {businessesSource}
        </p>
      </PageHeader>

      <section aria-labelledby="who-title" className="container-page py-20">
        <SectionHeading
          id="who-title"
          eyebrow="Who uses it"
          title="Four kinds of team, one workspace"
        />
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
          {segments.map(({ icon: Icon, title, text, modules }) => (
            <li key={title} className="card flex flex-col p-6 sm:p-8">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{title}</h3>
              <p className="mt-2 flex-1 text-muted">{text}</p>
              <p className="mt-5 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {modules.map((m) => (
                  <Link key={m.to} to={m.to} className="font-semibold text-brand">
                    {m.label}
                  </Link>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="names-title" className="border-y border-line bg-surface">
        <div className="container-page py-16">
          <h2
            id="names-title"
            className="text-center text-sm font-bold tracking-wider text-muted uppercase"
          >
            Some of the teams on {brand.name}
          </h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-10 gap-y-4">
            {companies.map((name) => (
              <li
                key={name}
                className="font-[family-name:var(--font-display)] text-xl font-bold text-ink/70 sm:text-2xl"
              >
                {name}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="results-title" className="container-page py-20">
        <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <SectionHeading
              id="results-title"
              eyebrow="What changes"
              title="What customers tell us after a quarter"
            >
              <p>
                In our most recent customer survey, {claims.surveyApprovalPercent}% said they would
                recommend {brand.name} to a peer. The story of one services company, from
                spreadsheets to a single workspace, is told in full in our case study.
              </p>
            </SectionHeading>
            <Link to="/view-case" className="btn btn-primary mt-8">
              Read the case study
            </Link>
          </div>
          <div>
            <dl className="grid grid-cols-2 gap-4">
              <div className="card flex flex-col-reverse p-5">
                <dt className="mt-1 text-sm text-muted">
                  fewer missed deadlines after the first quarter
                </dt>
                <dd className="text-4xl font-bold text-brand">
                  {claims.fewerMissedDeadlinesPercent}%
                </dd>
              </div>
              <div className="card flex flex-col-reverse p-5">
                <dt className="mt-1 text-sm text-muted">more focused hours per person each week</dt>
                <dd className="text-4xl font-bold text-brand">{claims.productivityGainPercent}%</dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-muted">{surveySource}</p>
          </div>
        </div>
      </section>
    </>
  );
}
