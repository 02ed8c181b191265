/**
 * The one price list. The pricing page, the FAQ answers and the refund policy read it.
 * Amounts are US dollars per month unless the unit says otherwise.
 */
export interface PriceLine {
  item: string;
  price: string;
  note?: string;
}

/**
 * A price list amount as the site prints every amount: "$1.00", "$0.35" (what `usd.format` gives,
 * without building the locale formatter at load; list amounts stay under a thousand).
 */
export function listPrice(amount: number): string {
  if (!(amount >= 0 && amount < 1000)) throw new Error(`A list price must be $0-$999: ${amount}`);
  return `$${amount.toFixed(2)}`;
}

export const plan = {
  title: "Use & Pay",
  strapline: "Use now, pay later",
  description:
    "One plan with every module switched on. We record what your team uses during the month and invoice it at the start of the next one.",
  included: [
    { item: "Projects", price: "Unlimited" },
    { item: "Tasks", price: "Unlimited" },
    { item: "Leaves and holidays management", price: "Unlimited" },
    { item: "Assets management", price: "Free" },
    { item: "Time tracker", price: "Free" },
    { item: "Support and services", price: "Free" },
    { item: "Enhancements", price: "Free" },
    { item: "Customization", price: "Free", note: "one-time" },
  ] satisfies PriceLine[],
  metered: [
    { item: "Employees", price: listPrice(1), note: "per user per month" },
    { item: "Files and images", price: listPrice(0.35), note: "per GB per month" },
    { item: "Platform fee", price: listPrice(1), note: "per month" },
  ] satisfies PriceLine[],
} as const;

export const billing = {
  paymentWindow: { firstDay: 1, lastDay: 7 },
  /** Days after the invoice date within which a billing issue must be reported. */
  disputeWindowDays: 5,
  refundProcessingBusinessDays: { min: 7, max: 10 },
  readOnlyDaysAfterCancellation: 30,
  accessIssueResolutionHours: { min: 24, max: 48 },
  promises: [
    "No upfront payment",
    "No setup fee",
    "No long-term commitment",
    "Invoice at the start of each month",
  ],
} as const;

/** A metered line's price as a number of dollars ("$0.35" → 0.35). */
function dollars(item: string): number {
  const line = plan.metered.find((m) => m.item === item);
  if (!line) throw new Error(`The price list has no metered line "${item}"`);
  return Number(line.price.replace("$", ""));
}

/** The metered prices as numbers, for the estimate. */
export const meteredPrices = {
  perEmployee: dollars("Employees"),
  perGb: dollars("Files and images"),
  platform: dollars("Platform fee"),
} as const;

/** The example the pricing page's estimate shows before anyone types (and without JavaScript). */
export const estimateExample = { people: 25, storageGb: 40 } as const;

export interface MonthlyEstimate {
  people: number;
  storageGb: number;
  employeesCost: number;
  storageCost: number;
  platformFee: number;
  total: number;
}

/** The invoice for one month of use: active employees, stored gigabytes and the platform fee. */
export function monthlyEstimate(people: number, storageGb: number): MonthlyEstimate {
  // In whole cents, so 0.1 GB at $0.35 is 4 cents, not a binary fraction just under 3.5.
  const rate = (price: number) => Math.round(price * 100);
  const cents = (quantity: number, price: number) => Math.round(quantity * rate(price)) / 100;
  const p = Math.max(0, Math.floor(Number.isFinite(people) ? people : 0));
  const gb = Math.max(0, Number.isFinite(storageGb) ? storageGb : 0);
  const employeesCost = cents(p, meteredPrices.perEmployee);
  const storageCost = cents(gb, meteredPrices.perGb);
  const platformFee = meteredPrices.platform;
  return {
    people: p,
    storageGb: gb,
    employeesCost,
    storageCost,
    platformFee,
    total: (rate(employeesCost) + rate(storageCost) + rate(platformFee)) / 100,
  };
}

let usdFormat: Intl.NumberFormat | undefined;

/**
 * Amounts in US dollars ("$1,234.50"). The formatter is made at its first use: making one costs a
 * browser tens of milliseconds of locale data, and the enhancement script that every content page
 * loads imports this module (made at load, it was the longest task of every page's start).
 */
export const usd = {
  format(amount: number): string {
    usdFormat ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    return usdFormat.format(amount);
  },
};
