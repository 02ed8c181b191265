import { Quote } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { PageHeader } from "~/components/layout/page-header";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "~/components/ui/section-heading";
import { fernhillResults } from "~/content/claims";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/view-case");
export const meta = () => routeMeta(route);

// Every figure on this page comes from the claims module: the customer's own results.
const r = fernhillResults;
const results = [
  {
    value: `${r.timesheetFixMinutesPerWeek.after} min`,
    label: `a week spent correcting timesheets, down from ${r.timesheetFixMinutesPerWeek.before / 60} hours`,
  },
  {
    value: `Day ${r.invoiceWorkingDay.after}`,
    label: `the working day client invoices go out, instead of day ${r.invoiceWorkingDay.before}`,
  },
  {
    value: `${r.toolsKeptInSync.after} tool`,
    label: `for projects, hours, leave and equipment, where there were ${r.toolsKeptInSync.before}`,
  },
  {
    value: `${r.newHireReadyDays.after} days`,
    label: `for a new hire to have a laptop, a leave balance and a first project, not ${r.newHireReadyDays.before}`,
  },
];

const before = [
  "Tasks on a free Kanban tool that half the company never opened",
  "A desktop timer whose exports were pasted into a timesheet spreadsheet every Friday",
  "Leave requested by e-mail and counted by hand in a workbook at the end of each month",
  "Laptops and licenses listed in a document that was out of date by the first week",
];

const rollout = [
  {
    when: "First month",
    title: "Boards and the timer",
    text: "Each studio moved its live projects onto Kanban boards, and people started the timer from the card they were working on. The Friday spreadsheet was retired at the end of the month.",
  },
  {
    when: "Second month",
    title: "One approval queue",
    text: "Team leads began approving hours weekly in one sitting. Forgotten timers became edit-time requests with a reason, so finance stopped chasing corrections.",
  },
  {
    when: "End of the quarter",
    title: "People and equipment",
    text: "Attendance, leave policies and two holiday calendars went live, and every laptop was entered with its holder and warranty before the next round of hiring.",
  },
];

export default function ViewCase() {
  return (
    <>
      <PageHeader eyebrow="Case study" heading={route.heading}>
        <p>
          Fernhill Digital designs and builds websites and apps for retailers from studios in{" "}
          {brand.address.locality} and Bengaluru. As the company grew, the operations team was
          spending more of its week reconciling tools than supporting the people who used them.
        </p>
      </PageHeader>

      <section aria-labelledby="results-title" className="container-page py-16">
        <h2 id="results-title" className="sr-only">
          Results
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {results.map((result) => (
            <div key={result.label} className="card flex flex-col-reverse p-6">
              <dt className="mt-2 text-muted">{result.label}</dt>
              <dd className="font-[family-name:var(--font-display)] text-5xl font-bold text-brand tabular-nums">
                {result.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="challenge-title"
        className="container-page grid grid-cols-1 gap-12 py-8 lg:grid-cols-2"
      >
        <div>
          <SectionHeading
            id="challenge-title"
            eyebrow="The challenge"
            title="Four tools, none of them agreeing"
          >
            <p>
              Every number the managers needed existed somewhere, but never in the same place. A
              client invoice meant exporting hours, cleaning them in a spreadsheet and checking them
              against the board, and leave balances were argued about every December.
            </p>
          </SectionHeading>
        </div>
        <div className="rounded-[var(--radius-card)] bg-sunken p-6 sm:p-8">
          <h3 className="font-bold text-ink">What they used before</h3>
          <CheckList items={before} className="mt-4" />
        </div>
      </section>

      <section aria-labelledby="rollout-title" className="container-page py-20">
        <SectionHeading
          id="rollout-title"
          eyebrow="The change"
          title="One module at a time, over a single quarter"
        />
        <ol className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {rollout.map((step, i) => (
            <li key={step.title} className="card p-6">
              <span className="flex items-center gap-3 text-sm font-bold text-brand">
                <span className="grid size-8 place-items-center rounded-full bg-brand-strong text-on-brand">
                  {i + 1}
                </span>
                {step.when}
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="voice-title" className="border-y border-line bg-surface">
        <div className="container-page py-20">
          <h2 id="voice-title" className="sr-only">
            In their words
          </h2>
          <figure className="mx-auto max-w-3xl text-center">
            <Quote aria-hidden="true" className="mx-auto size-10 text-brand" />
            <blockquote className="mt-6 font-[family-name:var(--font-display)] text-2xl font-semibold text-ink sm:text-3xl">
              <p>
                We used to spend the first days of every month arguing with spreadsheets. Now the
                invoice, the payroll report and the project summary are read from the same approved
                hours, and the arguments have simply stopped.
              </p>
            </blockquote>
            <figcaption className="mt-6 text-muted">
              <span className="font-bold text-ink">Nandini Kapoor</span>, Head of Operations,
              Fernhill Digital
            </figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="next-title" className="container-page py-20">
        <div className="grid grid-cols-1 items-center gap-8 rounded-[2rem] border border-line bg-surface p-8 sm:p-12 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <h2 id="next-title" className="text-title font-bold text-ink">
              Start where your team hurts most
            </h2>
            <p className="mt-4 text-lg text-muted">
              Fernhill began with boards and the timer because month-end invoicing was its biggest
              problem. Yours might be leave, or equipment. Every module is already included, so you
              can begin with any of them.
            </p>
          </div>
          <div className="flex flex-wrap gap-3 lg:justify-end">
            <a href={appLinks.signUp} className="btn btn-primary">
              {commercialFacts.signUpLabel}
            </a>
            <Link to="/customers" className="btn btn-secondary">
              More customers
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
