import { ArrowRight, FolderKanban, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { FeatureTagBadge } from "~/components/layout/feature-tag";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { routeMeta } from "~/seo";
import { featureGroups, featureRoutesList, featuresInGroup, requirePageRoute } from "~/site";

const route = requirePageRoute("/feature-detail");
export const meta = () => routeMeta(route);

const sharedRecords = [
  {
    icon: UsersRound,
    title: "One list of people",
    text: "Every employee exists once, with a role, a manager and an office. That single profile decides who approves their hours and leave, which holiday calendar they follow, what they can see, and which equipment is theirs.",
    usedBy: ["Attendance", "Leave", "Holidays", "Time approval", "Assets & inventory"],
  },
  {
    icon: FolderKanban,
    title: "One list of projects",
    text: "Every piece of work belongs to a project with its board, backlog and folder. Time is tracked against its tasks, files are kept in its folder, and its summary and invoices read the approved hours.",
    usedBy: ["Kanban board", "Scrum board", "Time tracker", "Time summary", "File manager"],
  },
];

const flows: { id: string; title: string; steps: { to: string; step: string; text: string }[] }[] =
  [
    {
      id: "plan-to-invoice",
      title: "From plan to invoice",
      steps: [
        {
          to: "/project-management-for-scrumboard",
          step: "Plan",
          text: "Stories are sized and pulled into a sprint, or cards queue on a Kanban board.",
        },
        {
          to: "/time-tracker",
          step: "Track",
          text: "The timer runs on the card being worked on, and idle time is kept or dropped.",
        },
        {
          to: "/time-tracker-with-edit-time",
          step: "Correct",
          text: "A forgotten timer becomes an edit request with a reason, not a silent change.",
        },
        {
          to: "/time-tracker-with-time-approval",
          step: "Approve",
          text: "The manager approves the week and the hours are locked.",
        },
        {
          to: "/time-tracker-with-summary",
          step: "Report and bill",
          text: "Summaries, payroll exports and client invoices read the same approved hours.",
        },
      ],
    },
    {
      id: "first-to-last-day",
      title: "From first day to last day",
      steps: [
        {
          to: "/employees",
          step: "Join",
          text: "A profile sets the new hire's team, manager, office and leave policy.",
        },
        {
          to: "/assets-and-inventory",
          step: "Equip",
          text: "A laptop leaves the stock list and is assigned to them, warranty attached.",
        },
        {
          to: "/employee-attendance-management",
          step: "Work",
          text: "They check in and out, and log work check-ins for their manager to approve.",
        },
        {
          to: "/employee-leave-management",
          step: "Rest",
          text: "Leave requests show the balance, and the office's holidays are never deducted.",
        },
        {
          to: "/employees",
          step: "Leave the company",
          text: "Offboarding lists every asset to hand back and closes access in one step.",
        },
      ],
    },
    {
      id: "running-the-office",
      title: "Running the office",
      steps: [
        {
          to: "/office-management",
          step: "Inform",
          text: "An announcement reaches every dashboard in one office or the whole company.",
        },
        {
          to: "/office-management#roles",
          step: "Delegate",
          text: "Custom roles decide who manages stock, who approves, who sees billing.",
        },
        {
          to: "/file-manager",
          step: "Keep records",
          text: "Contracts, invoices and policies sit in shared folders with the right access.",
        },
        {
          to: "/employee-holidays-management",
          step: "Plan the year",
          text: "Each office publishes its holiday calendar, and project leads plan around it.",
        },
        {
          to: "/assets-and-inventory#inventory-management",
          step: "Restock",
          text: "A low-stock alert arrives before the toner or the chargers run out.",
        },
      ],
    },
  ];

export default function FeatureDetail() {
  return (
    <>
      <PageHeader eyebrow="Feature overview" heading={route.heading}>
        <p>
          {brand.name} is {featureRoutesList.length} modules that behave like one product. They
          share the same people and the same projects, so what happens in one module is already
          known in the others. This page shows what each module does and how the work travels
          between them.
        </p>
      </PageHeader>

      <section aria-labelledby="core-title" className="container-page py-20">
        <SectionHeading
          id="core-title"
          eyebrow="The shared core"
          title="Two records everything else builds on"
        >
          <p>
            Most tools keep their own copy of your team. {brand.name} keeps one, and every module
            reads it.
          </p>
        </SectionHeading>
        <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-2">
          {sharedRecords.map(({ icon: Icon, title, text, usedBy }) => (
            <div key={title} className="card p-6 sm:p-8">
              <span className="grid size-12 place-items-center rounded-2xl bg-brand-strong text-on-brand">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
              <p className="mt-5 text-xs font-bold tracking-wider text-muted uppercase">Read by</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {usedBy.map((label) => (
                  <li
                    key={label}
                    className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand"
                  >
                    {label}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="flows-title" className="border-y border-line bg-surface">
        <div className="container-page py-20">
          <SectionHeading
            id="flows-title"
            eyebrow="How work travels"
            title="Three journeys across the modules"
          />
          <div className="mt-10 space-y-10">
            {flows.map((flow) => (
              <section key={flow.id} aria-labelledby={`${flow.id}-title`}>
                <h3 id={`${flow.id}-title`} className="text-xl font-bold text-ink">
                  {flow.title}
                </h3>
                <ol className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
                  {flow.steps.map((s, i) => (
                    <li
                      key={s.step}
                      className="relative rounded-[var(--radius-card)] bg-sunken p-5"
                    >
                      <span className="flex items-center gap-2 text-sm font-bold text-brand">
                        <span className="grid size-6 place-items-center rounded-full bg-brand-strong text-xs text-on-brand">
                          {i + 1}
                        </span>
                        {s.step}
                      </span>
                      <p className="mt-2 text-sm text-muted">{s.text}</p>
                      <Link
                        to={s.to}
                        className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand"
                      >
                        {requirePageRoute(s.to.split("#")[0] ?? s.to).feature?.label}
                        <ArrowRight aria-hidden="true" className="size-3.5" />
                      </Link>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="modules-title" className="container-page py-20">
        <SectionHeading id="modules-title" eyebrow="Every module" title="What each module does" />
        <div className="mt-10 space-y-12">
          {featureGroups.map((g) => (
            <section key={g.id} aria-labelledby={`group-${g.id}-title`}>
              <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                <h3 id={`group-${g.id}-title`} className="text-xl font-bold text-ink">
                  {g.label}
                </h3>
                <p className="text-muted">{g.summary}</p>
              </div>
              <ul className="mt-5 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
                {featuresInGroup(g.id).map((r) => (
                  <li key={r.path}>
                    <Link
                      to={r.path}
                      className="card flex h-full flex-col p-5 no-underline hover:border-brand"
                    >
                      <span className="flex items-center gap-2 font-bold text-ink">
                        {r.feature?.label}
                        {r.feature?.tag ? <FeatureTagBadge tag={r.feature.tag} /> : null}
                      </span>
                      <span className="mt-2 flex-1 text-sm text-muted">{r.description}</span>
                      <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand">
                        Read more <ArrowRight aria-hidden="true" className="size-3.5" />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="mt-14 flex flex-wrap gap-3">
          <a href={appLinks.signUp} className="btn btn-primary">
            {commercialFacts.signUpLabel}
          </a>
          <Link to="/features" className="btn btn-secondary">
            See the features by column
          </Link>
        </div>
      </section>
    </>
  );
}
