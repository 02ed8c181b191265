import { Briefcase, Mail, MapPin } from "lucide-react";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { applicationHref, applicationSubject, openings } from "~/content/careers";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/careers";

const route = requirePageRoute("/careers");
export const meta = () => routeMeta(route);

export function loader() {
  return {
    openings: openings.map((o) => ({
      ...o,
      subject: applicationSubject(o),
      href: applicationHref(o),
    })),
  };
}

const hiringSteps = [
  {
    title: "Send us an e-mail",
    text: "A few lines on why the role interests you, with a CV or a link to your work. No cover-letter template needed.",
  },
  {
    title: "A conversation",
    text: "A call with the person you would work with most, about the work you have done and the work we have in mind.",
  },
  {
    title: "A practical exercise",
    text: "A short, paid exercise close to the real job, or a walk-through of something you have already built.",
  },
  {
    title: "Meet the team",
    text: "An afternoon with future colleagues, in the office or on a call, before anyone makes a decision.",
  },
];

const benefits = [
  "Health insurance for you and your family",
  "Leave you can actually take, tracked in the product we build",
  "A laptop and home-office allowance from your first day",
  "A yearly learning budget for books, courses and conferences",
];

export default function Careers({ loaderData }: Route.ComponentProps) {
  const roleCount = loaderData.openings.length;
  return (
    <>
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center gap-2">
            <span className="rounded-full bg-teal-soft px-2 py-0.5 text-[0.6875rem] font-bold text-[#115e59] dark:text-teal">
              Hiring
            </span>
            {roleCount} open roles
          </span>
        }
        heading={route.heading}
      >
        <p>
          {brand.name} is a small company building software that other companies run their week on.
          We work from {brand.address.locality} and across India, plan our sprints and book our
          leave in our own product, and give each person a real piece of it to own.
        </p>
      </PageHeader>

      <section aria-labelledby="roles-title" className="container-page py-16">
        <SectionHeading id="roles-title" eyebrow="Open roles" title="Where you could join us">
          <p>
            Apply by e-mail to{" "}
            <a href={`mailto:${brand.careersEmail}`} className="text-brand">
              {brand.careersEmail}
            </a>
            . The button on each role fills in the subject so your application reaches the right
            people.
          </p>
        </SectionHeading>
        <ul className="mt-10 space-y-6">
          {loaderData.openings.map((o) => (
            <li key={o.id} id={o.id} className="card scroll-mt-24 p-6 sm:p-8">
              <article aria-labelledby={`${o.id}-title`}>
                <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
                  <div>
                    <h3 id={`${o.id}-title`} className="text-xl font-bold text-ink sm:text-2xl">
                      {o.title}
                    </h3>
                    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                      <span className="inline-flex items-center gap-1.5">
                        <Briefcase aria-hidden="true" className="size-4" /> {o.team} · {o.type}
                      </span>
                      <span className="inline-flex items-center gap-1.5">
                        <MapPin aria-hidden="true" className="size-4" /> {o.location}
                      </span>
                    </p>
                  </div>
                  <a
                    href={o.href}
                    className="btn btn-primary shrink-0 self-start"
                    aria-label={`Apply by e-mail: ${o.title}`}
                  >
                    <Mail aria-hidden="true" className="size-4" /> Apply by e-mail
                  </a>
                </div>
                <p className="mt-4 max-w-3xl text-muted">{o.summary}</p>
                <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
                  <div>
                    <h4 className="font-bold text-ink">What you will do</h4>
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted marker:text-brand">
                      {o.responsibilities.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h4 className="font-bold text-ink">What you bring</h4>
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted marker:text-brand">
                      {o.requirements.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-title" className="border-y border-line bg-surface">
        <div className="container-page grid grid-cols-1 gap-12 py-20 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <SectionHeading
              id="process-title"
              eyebrow="How we hire"
              title="Four steps, usually within three weeks"
            />
            <ol className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2">
              {hiringSteps.map((s, i) => (
                <li key={s.title} className="rounded-[var(--radius-card)] bg-sunken p-5">
                  <span className="grid size-8 place-items-center rounded-full bg-brand-strong text-sm font-bold text-on-brand">
                    {i + 1}
                  </span>
                  <h3 className="mt-3 font-bold text-ink">{s.title}</h3>
                  <p className="mt-1 text-sm text-muted">{s.text}</p>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-ink">What we offer</h2>
            <ul className="mt-6 space-y-3">
              {benefits.map((b) => (
                <li key={b} className="card p-4 text-ink">
                  {b}
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm text-muted">
              No role that fits? Write to{" "}
              <a href={`mailto:${brand.careersEmail}`} className="text-brand">
                {brand.careersEmail}
              </a>{" "}
              anyway and tell us what you would like to work on.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
