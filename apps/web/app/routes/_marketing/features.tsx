import { CalendarRange, Clock3, FolderLock, UsersRound, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { PageHeader } from "~/components/layout/page-header";
import { plan } from "~/content/pricing";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/features");
export const meta = () => routeMeta(route);

interface ColumnItem {
  /** A feature page, optionally with a section anchor. */
  to: string;
  /** Defaults to the feature's label in the route table. */
  label?: string;
  text: string;
}

const columns: {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  items: ColumnItem[];
}[] = [
  {
    id: "planning",
    icon: CalendarRange,
    title: "Planning and task management",
    intro: "Decide what gets done, in which order, and who picks it up next.",
    items: [
      {
        to: "/project-management-for-kanbanboard",
        text: "Columns shaped to your process, WIP limits and swimlanes",
      },
      {
        to: "/project-management-for-scrumboard",
        text: "An ordered backlog, sprints of one to four weeks, story points and a burndown",
      },
      {
        to: "/project-management-for-startups",
        text: "A single board on day one, with the rest of the workspace ready when you grow",
      },
      {
        to: "/employee-attendance-management#work-check-ins",
        label: "Work check-ins",
        text: "The task, the hours intended and notes, marked done and approved by a manager",
      },
    ],
  },
  {
    id: "collaboration",
    icon: UsersRound,
    title: "Collaboration, communication and resources",
    intro: "Keep people informed, organized and equipped for the work.",
    items: [
      {
        to: "/office-management",
        text: "Announcements, team chat, custom roles and invoicing in one dashboard",
      },
      { to: "/employees", text: "Profiles, teams, reporting lines and office locations" },
      { to: "/employee-attendance-management", text: "Check-in and check-out from anywhere" },
      { to: "/employee-leave-management", text: "Leave types, accrual, balances and approvals" },
      { to: "/employee-holidays-management", text: "A holiday calendar for every office" },
      {
        to: "/assets-and-inventory",
        text: "Equipment assigned to people and stock that warns before it runs out",
      },
    ],
  },
  {
    id: "time",
    icon: Clock3,
    title: "Time management",
    intro: "Record the hours as they happen, correct them openly and approve them once.",
    items: [
      { to: "/time-tracker", text: "A timer on every task, with idle detection" },
      {
        to: "/time-tracker-with-summary",
        text: "Totals by person, project and day, billable apart from internal",
      },
      {
        to: "/time-tracker-with-screenshots",
        text: "Optional captures every 10 minutes while the timer runs",
      },
      {
        to: "/time-tracker-with-edit-time",
        text: "Manual and corrected entries, each with a reason and a decision",
      },
      {
        to: "/time-tracker-with-time-approval",
        text: "A weekly review queue that locks approved hours for payroll and invoices",
      },
    ],
  },
  {
    id: "documents",
    icon: FolderLock,
    title: "Document management and storage",
    intro: "One current copy of every file, stored safely beside the work it belongs to.",
    items: [
      { to: "/file-manager#folders", label: "Folders", text: "Per project, client or department" },
      {
        to: "/file-manager#sharing",
        label: "Sharing",
        text: "View or edit access for a person or a whole team",
      },
      {
        to: "/file-manager#trash",
        label: "Trash",
        text: "Deleted files wait to be restored with their sharing intact",
      },
      {
        to: "/file-manager#security",
        label: "Encrypted storage",
        text: "Billed by the gigabyte you actually keep",
      },
      {
        to: "/assets-and-inventory#asset-management",
        label: "Invoices and warranties",
        text: "Attached to the asset they cover, found in one click",
      },
    ],
  },
];

function labelFor(item: ColumnItem): string {
  if (item.label) return item.label;
  return requirePageRoute(item.to.split("#")[0] ?? item.to).feature?.label ?? item.to;
}

export default function Features() {
  return (
    <>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            trail={[
              { name: "Home", path: "/" },
              { name: "Features", path: "/features" },
            ]}
          />
        }
        heading={route.heading}
      >
        <p>
          {brand.name} covers the four jobs every growing team juggles: planning the work, looking
          after the people doing it, accounting for their time and keeping the documents in order.
          Pick a column to see where to begin.
        </p>
      </PageHeader>

      <div className="container-page grid grid-cols-1 gap-6 py-16 sm:grid-cols-2 xl:grid-cols-4">
        {columns.map(({ id, icon: Icon, title, intro, items }) => (
          <section key={id} aria-labelledby={`${id}-title`} className="card flex flex-col p-6">
            <span className="grid size-11 place-items-center rounded-xl bg-brand-soft text-brand">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h2 id={`${id}-title`} className="mt-5 text-xl font-bold text-ink">
              {title}
            </h2>
            <p className="mt-2 text-sm text-muted">{intro}</p>
            <ul className="mt-5 space-y-4 border-t border-line pt-5">
              {items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="font-semibold text-brand">
                    {labelFor(item)}
                  </Link>
                  <p className="text-sm text-muted">{item.text}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section aria-labelledby="together-title" className="container-page">
        <div className="grid grid-cols-1 items-center gap-8 rounded-[2rem] border border-line bg-surface p-8 sm:p-12 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <h2 id="together-title" className="text-title font-bold text-ink">
              Four columns, one set of people and projects
            </h2>
            <p className="mt-4 text-lg text-muted">
              None of these modules is sold separately. They share one employee directory and one
              list of projects, so an hour tracked on a card reaches the timesheet, the approval
              queue, the client invoice and the payroll report without being typed again, and a
              leave request already knows the holidays of the office its author works in. Every
              module is part of the {plan.title} plan from the first day; you pay for what your team
              used, at the start of the following month.
            </p>
          </div>
          <div className="flex flex-wrap gap-3 lg:justify-end">
            <a href={appLinks.signUp} className="btn btn-primary">
              {commercialFacts.signUpLabel}
            </a>
            <Link to="/feature-detail" className="btn btn-secondary">
              How the modules fit together
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
