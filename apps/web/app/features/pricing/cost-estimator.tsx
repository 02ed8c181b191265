/**
 * The pricing page's estimate: people and storage in, the month's invoice out, from the price list
 * (content/pricing.ts). Prerendered as a worked example, so it reads the same without JavaScript;
 * app/enhance/cost-estimator.ts recalculates it as the visitor types.
 */
import { estimateExample, meteredPrices, monthlyEstimate, usd } from "~/content/pricing";

export function CostEstimator() {
  const e = monthlyEstimate(estimateExample.people, estimateExample.storageGb);
  return (
    <section aria-labelledby="estimate-title" className="container-page py-16">
      <div className="card grid grid-cols-1 gap-10 p-8 sm:p-10 lg:grid-cols-2">
        <div>
          <h2 id="estimate-title" className="text-title font-bold text-ink">
            Estimate your monthly invoice
          </h2>
          <p className="mt-3 text-muted">
            Enter how many people will use the workspace and how much you expect to store. The
            example below is for a team of {estimateExample.people} with {estimateExample.storageGb}{" "}
            GB of files.
          </p>
          <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2" data-cost-estimator="">
            <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
              Active employees
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                step={1}
                defaultValue={e.people}
                data-estimate-people=""
                className="min-h-11 rounded-xl border border-line bg-surface px-3 text-base font-normal"
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
              Files stored (GB)
              <input
                type="number"
                inputMode="decimal"
                min={0}
                max={1000000}
                step="any"
                defaultValue={e.storageGb}
                data-estimate-storage=""
                className="min-h-11 rounded-xl border border-line bg-surface px-3 text-base font-normal"
              />
            </label>
          </div>
        </div>
        <div className="min-w-0 rounded-2xl bg-sunken p-6" data-estimate-result="">
          <h3 className="text-sm font-bold tracking-wider text-muted uppercase">
            Invoice for one month
          </h3>
          <dl className="mt-4 divide-y divide-line">
            <div className="flex flex-wrap justify-between gap-x-4 py-3">
              <dt className="text-ink">
                <span data-estimate-out="people">{e.people}</span> employees ×{" "}
                {usd.format(meteredPrices.perEmployee)}
              </dt>
              <dd
                className="min-w-0 text-right font-semibold [overflow-wrap:anywhere] text-ink tabular-nums"
                data-estimate-out="employeesCost"
              >
                {usd.format(e.employeesCost)}
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4 py-3">
              <dt className="text-ink">
                <span data-estimate-out="storageGb">{e.storageGb}</span> GB of files ×{" "}
                {usd.format(meteredPrices.perGb)}
              </dt>
              <dd
                className="min-w-0 text-right font-semibold [overflow-wrap:anywhere] text-ink tabular-nums"
                data-estimate-out="storageCost"
              >
                {usd.format(e.storageCost)}
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4 py-3">
              <dt className="text-ink">Platform fee</dt>
              <dd className="font-semibold text-ink">{usd.format(e.platformFee)}</dd>
            </div>
            {/* A total of any length stays in the box: it moves under its label, then wraps. */}
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 pt-4">
              <dt className="text-lg font-bold text-ink">Total for the month</dt>
              <dd
                className="ml-auto min-w-0 text-right text-2xl font-bold [overflow-wrap:anywhere] text-brand tabular-nums"
                data-estimate-out="total"
              >
                {usd.format(e.total)}
              </dd>
            </div>
          </dl>
          {/* What a screen reader hears as the visitor types: the new total, once, not the whole
              invoice again (app/enhance/cost-estimator.ts fills it). */}
          <p role="status" className="sr-only" data-estimate-announce=""></p>
          <p className="mt-4 text-sm text-muted">
            Invoiced at the start of the next month, before any tax that applies where you are.
            Modules, projects and tasks add nothing to it.
          </p>
        </div>
      </div>
    </section>
  );
}
