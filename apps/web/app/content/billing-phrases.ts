/** Billing facts worded the way FAQ answers print them, derived from the price list module. */
import { billing } from "./pricing";

export function ordinal(day: number): string {
  const tens = day % 100;
  const suffixes: Record<number, string> = { 1: "st", 2: "nd", 3: "rd" };
  const suffix = tens >= 11 && tens <= 13 ? "th" : (suffixes[day % 10] ?? "th");
  return String(day) + suffix;
}

/** "between the 1st and the 7th" */
export const paymentWindow =
  "between the " +
  ordinal(billing.paymentWindow.firstDay) +
  " and the " +
  ordinal(billing.paymentWindow.lastDay);
