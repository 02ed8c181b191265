import { FeatureGroupCards } from "~/components/feature-group-cards";
import { Compass, HeartHandshake, Lock, Scale } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "~/components/ui/section-heading";
import { businessesPhrase, businessesSource, claims, surveySource } from "~/content/claims";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/about-us");
export const meta = () => routeMeta(route);

const commitments = [
  {
    icon: Lock,
    title: "Your data stays yours",
    text: "Files are stored encrypted, access follows the roles you define, and we never sell or mine the information you keep with us.",
  },
  {
    icon: Scale,
    title: "A bill you can predict",
    text: "You pay for what your team used last month, itemized on one invoice. No seat bundles to outgrow and no annual lock-in.",
  },
  {
    icon: HeartHandshake,
    title: "People answer support",
    text: `Questions reach the people who build the product, and the chat says when the team is in to answer.`,
  },
  {
    icon: Compass,
    title: "Small, steady improvements",
    text: "We ship in small steps, announce changes before they land, and never move a button you use every day without a reason.",
  },
];

const reasons = [
  "One login and one list of people for projects, time, attendance, leave, files and assets",
  "Time tracking that employees accept: visible rules, idle detection and edit requests instead of surveillance",
  "Approvals for hours, edits and leave in a single queue for managers",
  "Holiday calendars per office, so distributed teams plan around the right days",
  "Use & Pay billing: start without a contract, stop without a penalty",
];

export default function AboutUs() {
  return (
    <>
      <PageHeader eyebrow="About us" heading={route.heading}>
        <p>
          {brand.name} started inside a twelve-person software studio in {brand.address.locality}{" "}
          that ran its week on a Kanban tool, a time tracker, an HR spreadsheet, a shared drive and
          an asset register kept in someone&apos;s inbox. We built one workspace to replace them,
          and kept building when other teams asked to use it.
        </p>
      </PageHeader>

      <section
        aria-labelledby="who-title"
        className="container-page grid grid-cols-1 gap-12 py-20 lg:grid-cols-2"
      >
        <div>
          <SectionHeading
            id="who-title"
            eyebrow="Who we are"
            title="Engineers, designers and operators who run on our own product"
          >
            <p>
              Every team at {brand.name} plans its sprints, logs its hours and books its leave in{" "}
              {brand.name}. When something is slow or confusing, we feel it on Monday morning like
              everyone else, which is usually how it gets fixed by Wednesday.
            </p>
          </SectionHeading>
          <p className="mt-6 text-muted">
            Today the product runs the working week at {businessesPhrase}: software studios,
            agencies, clinics, distributors and back offices, in India and abroad, most of them with
            between five and two hundred people. {businessesSource}
          </p>
        </div>
        <div className="grid grid-cols-1 content-start gap-6 sm:grid-cols-2">
          <div className="card p-6">
            <h2 className="text-lg font-bold text-ink">Our mission</h2>
            <p className="mt-2 text-muted">
              Give every growing team the operating basics that large companies take for granted: a
              clear plan, honest hours and well-looked-after people, without an IT department to
              hold it together.
            </p>
          </div>
          <div className="card p-6">
            <h2 className="text-lg font-bold text-ink">Our commitment</h2>
            <p className="mt-2 text-muted">
              To be the tool you never have to think about: fast on a slow connection, careful with
              your data, and priced so that a team of five and a team of five hundred both pay a
              fair share.
            </p>
          </div>
          <div className="card flex flex-col-reverse p-6 sm:col-span-2">
            <p className="mt-2 text-muted">
              of the customers in our last survey would recommend {brand.name} to a peer, and{" "}
              {claims.successRatePercent}% of their projects landed on the planned date.{" "}
              <span className="text-sm">{surveySource}</span>
            </p>
            <p className="font-[family-name:var(--font-display)] text-5xl font-bold text-brand">
              {claims.surveyApprovalPercent}%
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="border-y border-line bg-surface">
        <div className="container-page py-20">
          <SectionHeading
            id="values-title"
            eyebrow="What we promise"
            title="Four commitments we hold ourselves to"
          />
          <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {commitments.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-[var(--radius-card)] bg-sunken p-6">
                <Icon aria-hidden="true" className="size-6 text-brand" />
                <h3 className="mt-4 text-lg font-bold text-ink">{title}</h3>
                <p className="mt-2 text-sm text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="choose-title"
        className="container-page grid grid-cols-1 gap-12 py-20 lg:grid-cols-2"
      >
        <div>
          <SectionHeading
            id="choose-title"
            eyebrow="Why choose us"
            title="Why teams pick Hourline over a stack of tools"
          />
          <CheckList items={reasons} className="mt-8" />
          <Link to="/why-hourline" className="btn btn-secondary mt-8">
            Read the longer answer
          </Link>
        </div>
        <div>
          <h2 id="features-title" className="text-2xl font-bold text-ink">
            What you get
          </h2>
          <FeatureGroupCards idPrefix="about" className="mt-6" />
        </div>
      </section>
    </>
  );
}
