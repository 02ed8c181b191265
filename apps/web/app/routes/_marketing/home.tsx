import { FeatureGroupCards } from "~/components/feature-group-cards";
import { ArrowRight, Gauge, MousePointerClick, Rocket } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { AnnouncementBadge } from "~/components/announcement-badge";
import { CountUp } from "~/components/count-up";
import { TimesheetMockup } from "~/components/mockups/timesheet-mockup";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "~/components/ui/section-heading";
import { billing } from "~/content/pricing";
import { businessesPhrase, businessesSource, claims, surveySource } from "~/content/claims";
import { HeroSlider } from "~/features/home/hero-slider";
import { ReviewSummary } from "~/features/home/review-summary";
import { TestimonialSlider } from "~/features/home/testimonial-slider";
import { VideoAndPosts } from "~/features/home/video-and-posts";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import { plan } from "~/content/pricing";

const route = requirePageRoute("/");
const employeePrice = plan.metered.find((m) => m.item === "Employees")?.price ?? "";
const storagePrice = plan.metered.find((m) => m.item === "Files and images")?.price ?? "";
export const meta = () => routeMeta(route);

// Three things Hourline does that a visitor can check in the product, not adjectives about it.
const featureCards = [
  {
    icon: Gauge,
    title: "Track an hour once, use it three times",
    text: "The timer you start on a card fills the timesheet, the client invoice line and the payroll hours. Nobody copies hours from one tool into another at the end of the month.",
  },
  {
    icon: Rocket,
    title: "Every module on from the first day",
    text: `Boards, timesheets, attendance, leave, files and assets come switched on. You pay ${employeePrice} per active employee and ${storagePrice} per GB stored, not per module, so trying one costs nothing extra.`,
  },
  {
    icon: MousePointerClick,
    title: "One approval queue for the manager",
    text: "Timesheets, time edit requests and leave requests wait in the same queue with the context beside each one, so a week of decisions is cleared in one pass.",
  },
];

const productivityChecklist = [
  "Plan work on Kanban or Scrum boards, with story points and sprint goals",
  "Track time automatically, with idle detection and optional screenshots",
  "Approve timesheets, edit requests and leave from one queue",
  "See attendance, leave and public holidays on one team calendar",
  "Turn approved hours into client invoices and payroll reports",
];

export default function Home() {
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="overflow-hidden border-b border-line bg-[radial-gradient(70rem_30rem_at_85%_-10%,var(--color-brand-soft),transparent),radial-gradient(40rem_20rem_at_0%_110%,var(--color-accent-soft),transparent)]"
      >
        <div className="container-page grid grid-cols-1 items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:py-24">
          <div>
            <AnnouncementBadge />
            <h1 id="hero-title" className="mt-6 text-display font-bold text-ink">
              {route.heading}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-muted sm:text-xl">
              {brand.name} keeps projects, timesheets, attendance, leave, files and company assets
              in one workspace, so managers stop stitching five tools together and teams spend their
              day on the work itself.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={appLinks.signUp} className="btn btn-primary">
                {commercialFacts.signUpLabel} <ArrowRight aria-hidden="true" className="size-4" />
              </a>
              <Link to="/pricing" className="btn btn-secondary">
                See how pricing works
              </Link>
            </div>
            <p className="mt-6 text-sm text-muted">{billing.promises.slice(0, 3).join(" · ")}</p>
          </div>
          <HeroSlider />
        </div>
      </section>

      <section aria-labelledby="why-title" className="container-page py-20">
        <SectionHeading
          id="why-title"
          eyebrow="Why teams switch"
          title="Built for the way small teams really work"
          align="center"
        >
          <p>
            Fewer tabs, fewer spreadsheets, fewer status meetings. Everything that touches a
            project, an hour or a person lives in one place.
          </p>
        </SectionHeading>
        <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
          {featureCards.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-6">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="productivity-title" className="border-y border-line bg-surface">
        <div className="container-page grid grid-cols-1 items-center gap-12 py-20 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="productivity-title"
              eyebrow="Productivity"
              title="From plan to payslip without copying a number twice"
            >
              <p>
                Work is planned on boards, tracked while it happens and approved once. Reports,
                invoices and payroll read the same hours, so they always agree.
              </p>
            </SectionHeading>
            <CheckList items={productivityChecklist} className="mt-8" />
          </div>
          <TimesheetMockup />
        </div>
      </section>

      <section aria-labelledby="team-title" className="container-page py-20">
        <div className="grid grid-cols-1 items-center gap-12 lg:grid-cols-[1fr_1.1fr]">
          <SectionHeading
            id="team-title"
            eyebrow="Team management"
            title="Spend your week leading the team, not chasing it"
          >
            <p>
              Check-ins replace the morning status call, leave requests arrive with the balance
              already worked out, and the attendance report is ready before payroll asks. Across the
              companies that answered our last customer survey, managers report:
            </p>
          </SectionHeading>
          <div>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Stat
                value={claims.timeReductionPercent}
                label="less time spent on timesheets and approvals"
              />
              <Stat
                value={claims.successRatePercent}
                label="of projects delivered on their planned date"
              />
              <Stat
                value={claims.productivityGainPercent}
                label="more focused hours per person each week"
              />
              <Stat
                value={claims.fewerMissedDeadlinesPercent}
                label="fewer missed deadlines after the first quarter"
              />
            </dl>
            <p className="mt-4 text-sm text-muted">{surveySource}</p>
          </div>
        </div>
      </section>

      <VideoAndPosts />

      <section aria-labelledby="modules-title" className="border-y border-line bg-sunken">
        <div className="container-page py-20">
          <SectionHeading
            id="modules-title"
            eyebrow="One workspace"
            title="Every module shares the same people and projects"
          >
            <p>
              Start with the part that hurts most today. The rest is already switched on when you
              need it.
            </p>
          </SectionHeading>
          <FeatureGroupCards idPrefix="group" withSummary className="mt-12 lg:grid-cols-4" />
        </div>
      </section>

      <section aria-labelledby="voices-title" className="container-page py-20">
        <SectionHeading
          id="voices-title"
          eyebrow="Customers"
          title="What changed for teams that switched"
          align="center"
        >
          <p>
            Hourline runs the working week at {businessesPhrase}, from studios of five to
            distributors of two hundred. {businessesSource}
          </p>
        </SectionHeading>
        <TestimonialSlider />
      </section>

      <ReviewSummary />

      <section aria-labelledby="cta-title" className="container-page">
        <div className="rounded-[2rem] bg-brand-strong px-6 py-14 text-center text-on-brand sm:px-12">
          <h2 id="cta-title" className="text-title font-bold">
            Use it now. Pay for what you used, next month.
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-[#e0e7ff]">
            Every module is included from day one. We invoice at the start of each month for the
            month that has passed, and you can stop whenever you like.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={appLinks.signUp}
              className="btn bg-surface text-ink hover:bg-sunken dark:text-ink"
            >
              {commercialFacts.signUpLabel}
            </a>
            <Link
              to="/contact-us"
              className="btn text-on-brand ring-1 ring-[#c7d2fe] hover:bg-[#312e81]"
            >
              Talk to us first
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <div className="card flex flex-col-reverse p-6">
      <dt className="mt-2 text-muted">{label}</dt>
      <dd className="font-[family-name:var(--font-display)] text-5xl font-bold text-brand tabular-nums">
        <CountUp value={value} suffix="%" />
      </dd>
    </div>
  );
}
