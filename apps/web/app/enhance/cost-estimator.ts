/**
 * The pricing page's estimate (features/pricing/cost-estimator.tsx): recalculates the month's
 * invoice from the price list as the visitor changes the number of people or gigabytes.
 */
import { monthlyEstimate, usd } from "~/content/pricing";

export function enhanceCostEstimator(root: Document) {
  const inputs = root.querySelector<HTMLElement>("[data-cost-estimator]");
  const result = root.querySelector<HTMLElement>("[data-estimate-result]");
  if (!inputs || !result) return;
  const people = inputs.querySelector<HTMLInputElement>("[data-estimate-people]");
  const storage = inputs.querySelector<HTMLInputElement>("[data-estimate-storage]");
  if (!people || !storage) return;
  const out = (name: string, text: string) => {
    const el = result.querySelector(`[data-estimate-out="${name}"]`);
    if (el) el.textContent = text;
  };
  const update = () => {
    const e = monthlyEstimate(people.valueAsNumber, storage.valueAsNumber);
    out("people", String(e.people));
    out("storageGb", String(e.storageGb));
    out("employeesCost", usd.format(e.employeesCost));
    out("storageCost", usd.format(e.storageCost));
    out("total", usd.format(e.total));
  };
  inputs.addEventListener("input", update);
}
