import { CalendarClock, FileText, Gauge, Wallet } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { businessesPhrase, businessesSource, claims, surveySource } from "~/content/claims";
import { billing, plan, type PriceLine } from "~/content/pricing";
import { pricingFaq } from "~/content/pricing-faq";
import { FaqAccordion } from "~/components/faq-accordion";
import { CostEstimator } from "~/features/pricing/cost-estimator";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/pricing");

const offerJsonLd = {
  "@context": "https://schema.org",
  "@type": "Product",
  name: `${brand.name} ${plan.title}`,
  description: plan.description,
  brand: { "@type": "Brand", name: brand.name },
  offers: plan.metered.map((line) => ({
    "@type": "Offer",
    name: line.item,
    price: line.price.replace("$", ""),
    priceCurrency: "USD",
    description: line.note,
  })),
};

export const meta = () => routeMeta(route, [offerJsonLd]);

const { firstDay, lastDay } = billing.paymentWindow;

const steps = [
  {
    icon: Gauge,
    title: "Use",
    text: "Invite your team and switch on any module. Nothing is charged up front.",
  },
  {
    icon: FileText,
    title: "We record usage",
    text: "Active employees and stored gigabytes are counted through the month, visible to admins at any time.",
  },
  {
    icon: CalendarClock,
    title: "Invoice on the 1st",
    text: "At the start of each month you receive one itemized invoice for the month that has ended.",
  },
  {
    icon: Wallet,
    title: `Pay by the ${ordinal(lastDay)}`,
    text: `Payment is due between the ${ordinal(firstDay)} and the ${ordinal(lastDay)}. Accounts left unpaid may be restricted until the invoice is settled.`,
  },
];

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11
      ? "st"
      : n % 10 === 2 && n !== 12
        ? "nd"
        : n % 10 === 3 && n !== 13
          ? "rd"
          : "th";
  return `${n}${suffix}`;
}

export default function Pricing() {
  return (
    <>
      <PageHeader eyebrow="Pricing" heading={route.heading}>
        <p>
          {brand.name} has one plan, {plan.title}. Every module is switched on from the first day,
          and the bill follows what your team actually used:{" "}
          {billing.promises.slice(0, 3).join(", ").toLowerCase()}.
        </p>
        {/* The prices themselves on the first screen, at every width: the plan card below starts
            under the fold on a tablet and a phone. */}
        <dl aria-label="Prices" className="mt-6 flex flex-wrap gap-x-8 gap-y-3">
          {plan.metered.map((line) => (
            <div key={line.item} className="flex flex-col-reverse">
              <dt className="text-sm text-muted">
                {line.item}, {line.note}
              </dt>
              <dd className="text-2xl font-bold text-ink tabular-nums">{line.price}</dd>
            </div>
          ))}
        </dl>
      </PageHeader>

      <section aria-labelledby="plan-title" className="container-page py-16">
        <div className="card grid grid-cols-1 overflow-hidden lg:grid-cols-[1fr_1.3fr]">
          <div className="flex flex-col bg-brand-strong p-8 text-on-brand sm:p-10">
            <p className="text-sm font-bold tracking-widest text-[#c7d2fe] uppercase">
              {plan.strapline}
            </p>
            <h2 id="plan-title" className="mt-2 text-4xl font-bold">
              {plan.title}
            </h2>
            <p className="mt-4 text-lg text-[#e0e7ff]">{plan.description}</p>
            <ul className="mt-6 space-y-2 text-[#e0e7ff]">
              {billing.promises.map((p) => (
                <li key={p} className="flex gap-2">
                  <span aria-hidden="true">✓</span>
                  {p}
                </li>
              ))}
            </ul>
            <div className="mt-8">
              <a
                href={appLinks.signUp}
                className="btn w-full bg-surface text-ink hover:bg-sunken sm:w-auto"
              >
                {commercialFacts.signUpLabel}
              </a>
            </div>
          </div>
          {/* Metered lines above, the longer included list in two columns below: no column
              ends half-way down the card with empty space under it. */}
          <div className="flex flex-col gap-10 p-8 sm:p-10">
            <PriceList title="Metered each month" lines={plan.metered} columns={3} />
            <PriceList title="Included at no extra cost" lines={plan.included} columns={2} />
          </div>
        </div>
      </section>

      <CostEstimator />

      <section aria-labelledby="how-title" className="container-page py-16">
        <SectionHeading
          id="how-title"
          eyebrow="How billing works"
          title="Use first, invoice after, pay in the first week"
        />
        <ol className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="card p-6">
              <span className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-bold text-muted">Step {i + 1}</span>
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-muted">
          Canceling stops future billing; usage already consumed is still invoiced. After
          cancellation your workspace stays readable for {billing.readOnlyDaysAfterCancellation}{" "}
          days so you can export everything. Billing problems reported within{" "}
          {billing.disputeWindowDays} days of an invoice are reviewed under our{" "}
          <Link to="/refund-and-cancellation-policy" className="text-brand">
            refund and cancellation policy
          </Link>
          .
        </p>
      </section>

      <FaqAccordion
        id="pricing-faq"
        title="Questions about the bill"
        items={pricingFaq}
        className="container-page py-16"
      />

      <section aria-labelledby="trust-title" className="container-page py-16">
        <div className="grid grid-cols-1 items-center gap-10 rounded-[2rem] border border-line bg-surface p-8 sm:p-12 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <h2 id="trust-title" className="text-title font-bold text-ink">
              Trusted by {businessesPhrase}
            </h2>
            <p className="mt-4 text-lg text-muted">
              Studios, agencies, clinics and distributors moved their projects, hours and people
              onto {brand.name} without a sales call or a contract. Most of them started with one
              module and switched on the rest within a quarter.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={appLinks.signUp} className="btn btn-primary">
                {commercialFacts.signUpLabel}
              </a>
              <Link to="/contact-us" className="btn btn-secondary">
                Ask about your setup
              </Link>
            </div>
          </div>
          <div>
            <dl className="grid grid-cols-2 gap-4">
              <div className="flex flex-col-reverse rounded-2xl bg-sunken p-5">
                <dt className="mt-1 text-sm text-muted">businesses run on {brand.name}</dt>
                <dd className="text-4xl font-bold text-brand">{claims.businessesServed}+</dd>
              </div>
              <div className="flex flex-col-reverse rounded-2xl bg-sunken p-5">
                <dt className="mt-1 text-sm text-muted">would recommend us to a peer</dt>
                <dd className="text-4xl font-bold text-brand">{claims.surveyApprovalPercent}%</dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-muted">
              {businessesSource} {surveySource}
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

function PriceList({
  title,
  lines,
  columns,
}: {
  title: string;
  lines: readonly PriceLine[];
  columns: 2 | 3;
}) {
  return (
    <div>
      <h3 className="text-sm font-bold tracking-wider text-muted uppercase">{title}</h3>
      <dl
        className={`mt-4 grid grid-cols-1 gap-x-8 ${columns === 3 ? "md:grid-cols-3" : "md:grid-cols-2"}`}
      >
        {lines.map((line) => (
          <div
            key={line.item}
            className="flex items-baseline justify-between gap-4 border-b border-line py-3"
          >
            <dt className="font-medium text-ink">{line.item}</dt>
            <dd className="text-right">
              <span className="font-bold text-ink">{line.price}</span>
              {line.note ? <span className="block text-xs text-muted">{line.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
