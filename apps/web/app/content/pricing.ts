/**
 * The one price list. The pricing page, the FAQ answers and the refund policy read it.
 * Amounts are US dollars per month unless the unit says otherwise.
 */
export interface PriceLine {
  item: string;
  price: string;
  note?: string;
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
    { item: "Employees", price: "$1.0", note: "per user per month" },
    { item: "Files and images", price: "$0.35", note: "per GB per month" },
    { item: "Platform fee", price: "$1.0", note: "per month" },
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
