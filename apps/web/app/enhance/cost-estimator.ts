/**
 * The pricing page's estimate (features/pricing/cost-estimator.tsx): recalculates the month's
 * invoice from the price list as the visitor changes the number of people or gigabytes. The
 * invoice itself is no live region (it would be read out whole at every keystroke): one status
 * line says the new total, once the visitor pauses, and only when the total changed.
 */
import { monthlyEstimate, usd } from "~/content/pricing";

/** How long typing pauses before the total is announced: a number typed digit by digit is one change. */
const ANNOUNCE_AFTER_MS = 700;

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
  const announcer = result.querySelector<HTMLElement>("[data-estimate-announce]");
  let announced = result.querySelector('[data-estimate-out="total"]')?.textContent ?? "";
  let pause: ReturnType<typeof setTimeout> | undefined;
  const announce = () => {
    const total = result.querySelector('[data-estimate-out="total"]')?.textContent ?? "";
    if (!announcer || total === announced) return;
    announced = total;
    announcer.textContent = `Total for the month: ${total}`;
  };
  inputs.addEventListener("input", () => {
    update();
    clearTimeout(pause);
    pause = setTimeout(announce, ANNOUNCE_AFTER_MS);
  });
}
