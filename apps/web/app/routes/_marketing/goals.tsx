import { Leaf, Radar } from "lucide-react";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { claims, surveySource } from "~/content/claims";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/goals");
export const meta = () => routeMeta(route);

const goals = [
  {
    icon: Leaf,
    title: "Responsibility and Sustainability",
    text: `We want ${brand.name} to be a company our customers can rely on for decades, not a product that disappears after a funding round. That means growing on revenue from the teams we serve, keeping the product light enough to run well on older laptops and slow connections, and treating the data people trust us with as theirs to take away at any time.`,
    points: [
      "Profitable growth funded by customers rather than by burning cash",
      "Pages and features measured for speed, so old hardware stays useful",
      "Exports of every record, so no customer is locked in",
    ],
  },
  {
    icon: Radar,
    title: "Competitive Intelligence",
    text: "We study the tools our customers leave and the ones they consider, and we ask every team that cancels what we got wrong. The aim is not to copy features but to understand the jobs people hire software for, and to do those jobs with fewer clicks and fewer tools than anyone else.",
    points: [
      "A written review of every cancellation, read by the whole team",
      "Regular sessions watching customers work, in their own offices",
      "Roadmap decisions explained in public on our what's new page",
    ],
  },
];

export default function Goals() {
  return (
    <>
      <PageHeader eyebrow="Our goals" heading={route.heading}>
        <p>
          Our goal is simple to say and hard to do: give every growing team one calm place to plan
          its work, account for its time and look after its people, and earn their trust every month
          rather than lock them in for a year. The two commitments below keep us pointed at it.
        </p>
      </PageHeader>

      <section
        aria-labelledby="goals-title"
        className="container-page grid grid-cols-1 items-center gap-12 py-20 lg:grid-cols-[1.1fr_1fr]"
      >
        <div>
          <SectionHeading
            id="goals-title"
            eyebrow="What we hold ourselves to"
            title="Two goals behind every decision"
          />
          <ul className="mt-10 space-y-8">
            {goals.map(({ icon: Icon, title, text, points }) => (
              <li key={title} className="flex gap-5">
                <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="text-xl font-bold text-ink">{title}</h3>
                  <p className="mt-2 text-muted">{text}</p>
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted marker:text-brand">
                    {points.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <GoalsPicture />
      </section>
    </>
  );
}

/**
 * A drawn dashboard with the two headline results laid over it. The figures are real text (from the
 * claims module) so they are read out; the drawing underneath is decoration.
 */
function GoalsPicture() {
  return (
    <div className="mx-auto w-full max-w-lg">
      <figure className="relative w-full">
        <div
          aria-hidden="true"
          className="card overflow-hidden bg-[radial-gradient(30rem_20rem_at_100%_0%,var(--color-brand-soft),transparent)] p-6 sm:p-8"
        >
          <div className="flex items-end gap-3 sm:gap-4">
            {[40, 55, 48, 70, 64, 82, 90].map((h, i) => (
              <span
                key={i}
                className={`flex-1 rounded-t-lg ${i === 6 ? "bg-brand-strong" : "bg-brand/30"}`}
                style={{ height: `${h * 2.2}px` }}
              />
            ))}
          </div>
          <div className="mt-4 h-2 rounded-full bg-line" />
          <div className="mt-6 grid grid-cols-3 gap-3">
            <span className="h-12 rounded-xl bg-sunken" />
            <span className="h-12 rounded-xl bg-sunken" />
            <span className="h-12 rounded-xl bg-teal-soft" />
          </div>
        </div>
        <figcaption className="mt-4 grid grid-cols-1 gap-3 md:absolute md:inset-x-0 md:top-0 md:mt-0 md:block">
          <span className="card flex flex-col p-4 md:absolute md:-top-8 md:-left-4 md:w-56 md:shadow-[var(--shadow-float)]">
            <span className="font-[family-name:var(--font-display)] text-4xl font-bold text-brand">
              {claims.timeReductionPercent}%
            </span>
            <span className="mt-1 text-sm text-ink">
              reduction in time spent on timesheets and approvals
            </span>
          </span>
          <span className="card flex flex-col p-4 md:absolute md:top-52 md:-right-4 md:w-56 md:shadow-[var(--shadow-float)]">
            <span className="font-[family-name:var(--font-display)] text-4xl font-bold text-[#115e59] dark:text-teal">
              {claims.successRatePercent}%
            </span>
            <span className="mt-1 text-sm text-ink">
              success rate: projects delivered on their planned date
            </span>
          </span>
        </figcaption>
      </figure>
      <p className="mt-12 text-sm text-muted">{surveySource}</p>
    </div>
  );
}
