import { Check, Minus } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { claims, surveySource } from "~/content/claims";
import { billing, plan } from "~/content/pricing";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/why-hourline");
export const meta = () => routeMeta(route);

const comparison = [
  {
    topic: "Sign-ins",
    stack: "A separate login, user list and admin screen for each tool",
    hourline: "One account per person, removed everywhere in one step",
  },
  {
    topic: "Hours",
    stack: "Re-typed from the timer into the timesheet, the invoice and payroll",
    hourline: "Tracked once on the task and read by every report",
  },
  {
    topic: "Approvals",
    stack: "Leave by e-mail, timesheets in one app, corrections in chat",
    hourline: "Check-ins, edit requests, hours and leave in one queue",
  },
  {
    topic: "Holidays",
    stack: "A spreadsheet per office, out of step with leave balances",
    hourline: "A calendar per office that balances already account for",
  },
  {
    topic: "Equipment",
    stack: "An asset list nobody updates when people join or leave",
    hourline: "Assets assigned in the directory and listed at offboarding",
  },
  {
    topic: "The bill",
    stack: "Several subscriptions, each with seats bought ahead of need",
    hourline: `One ${plan.title} invoice for what was used last month`,
  },
];

const reasons = [
  {
    title: "Rules people accept",
    text: "Idle time is offered back rather than silently deleted, screenshots are limited to the roles that need them, and every correction is a request with a reason. Teams adopt the tracker because it treats them fairly.",
  },
  {
    title: "Built for offices in more than one place",
    text: "Holiday calendars per location, attendance that records where someone worked, and approvers who follow the reporting line wherever people sit.",
  },
  {
    title: "Support from the people who build it",
    text: `Questions in the chat or by e-mail reach our own team, and the chat tells you when the team is in to answer. Setting up leave policies and roles is part of the service, at no extra cost.`,
  },
];

export default function WhyHourline() {
  return (
    <>
      <PageHeader eyebrow={`Why ${brand.name}`} heading={route.heading}>
        <p>
          Growing companies usually arrive with five tools that each hold part of the truth about
          their week. {brand.name} replaces them with one workspace where work, hours and people are
          connected, and with a bill that follows what the team actually used.
        </p>
      </PageHeader>

      <section aria-labelledby="compare-title" className="container-page py-20">
        <SectionHeading
          id="compare-title"
          eyebrow="Side by side"
          title="A stack of tools compared with one workspace"
        />
        <div className="card mt-10 overflow-hidden">
          <table className="w-full text-left text-sm sm:text-base">
            <caption className="sr-only">
              How a stack of separate tools compares with {brand.name}
            </caption>
            <thead className="bg-sunken text-ink">
              <tr>
                <th scope="col" className="hidden px-5 py-3 font-bold sm:table-cell">
                  Topic
                </th>
                <th scope="col" className="px-4 py-3 font-bold sm:px-5">
                  Separate tools
                </th>
                <th scope="col" className="px-4 py-3 font-bold sm:px-5">
                  {brand.name}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {comparison.map((row) => (
                <tr key={row.topic} className="align-top">
                  <th scope="row" className="hidden px-5 py-4 font-semibold text-ink sm:table-cell">
                    {row.topic}
                  </th>
                  <td className="px-4 py-4 text-muted sm:px-5">
                    <span className="flex gap-2">
                      <Minus aria-hidden="true" className="mt-1 size-4 shrink-0" />
                      <span>
                        <span className="block font-semibold text-ink sm:hidden">{row.topic}</span>
                        {row.stack}
                      </span>
                    </span>
                  </td>
                  <td className="px-4 py-4 text-ink sm:px-5">
                    <span className="flex gap-2">
                      <Check
                        aria-hidden="true"
                        className="mt-1 size-4 shrink-0 text-[#115e59] dark:text-teal"
                      />
                      <span>{row.hourline}</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="results-title" className="border-y border-line bg-surface">
        <div className="container-page grid grid-cols-1 gap-12 py-20 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <SectionHeading
              id="results-title"
              eyebrow="The difference it makes"
              title="Less admin, more finished work"
            >
              <p>What teams report once the workspace has replaced their old tools:</p>
            </SectionHeading>
            <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3">
              {[
                {
                  value: claims.timeReductionPercent,
                  label: "less time on timesheets and approvals",
                },
                { value: claims.productivityGainPercent, label: "more focused hours per person" },
                { value: claims.fewerMissedDeadlinesPercent, label: "fewer missed deadlines" },
              ].map((s) => (
                <div key={s.label} className="flex flex-col-reverse rounded-2xl bg-sunken p-5">
                  <dt className="mt-1 text-sm text-muted">{s.label}</dt>
                  <dd className="font-[family-name:var(--font-display)] text-4xl font-bold text-brand">
                    {s.value}%
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-muted">{surveySource}</p>
          </div>
          <ul className="space-y-6">
            {reasons.map((r) => (
              <li key={r.title} className="card p-6">
                <h3 className="text-lg font-bold text-ink">{r.title}</h3>
                <p className="mt-2 text-muted">{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="start-title" className="container-page py-20">
        <div className="rounded-[2rem] bg-brand-strong px-6 py-14 text-center text-on-brand sm:px-12">
          <h2 id="start-title" className="text-title font-bold">
            Try it on one team for a month
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-[#e0e7ff]">
            {billing.promises.slice(0, 3).join(". ")}. If the month does not convince you, cancel
            and export everything you put in.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={appLinks.signUp}
              className="btn bg-surface text-ink hover:bg-sunken dark:text-ink"
            >
              {commercialFacts.signUpLabel}
            </a>
            <Link
              to="/pricing"
              className="btn text-on-brand ring-1 ring-[#c7d2fe] hover:bg-[#312e81]"
            >
              See the pricing
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
