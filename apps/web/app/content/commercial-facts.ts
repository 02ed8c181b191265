/**
 * The commercial facts every page, FAQ answer and policy states: how Hourline is sold, billed and
 * left. Copy reads these values (and the price list in pricing.ts); the built-page test holds every
 * page against them, so a page cannot promise a trial, word cancellation another way or print a
 * price in another format.
 */
import { billing } from "./pricing";

export const commercialFacts = {
  /** There is no trial: the plan asks for nothing up front and bills what was used. */
  trial: "none",
  /** How the plan is billed: a month's use, invoiced at the start of the next month. */
  billingCycle: "monthly",
  /** The one label of every link to the app's sign-up page. */
  signUpLabel: "Sign up",
  /** The date every policy page (terms, privacy, refunds, delivery) was last revised. */
  policiesUpdated: "2026-11-28",
  /** The spelling the site is written in. */
  spelling: "American",
} as const;

/** The trial question, answered the one way the site answers it. */
export const noTrial =
  "There is no separate trial because Use & Pay asks for nothing up front: you get full access from the first day and are invoiced only for what you use.";

/**
 * Cancellation, told once. Each clause is printed word for word wherever cancelling is explained,
 * so no page can tell another story (the built-page test finds them).
 */
export const cancellation = {
  when: "An owner can cancel at any time from the billing settings, with no notice period and no cancellation fee.",
  billing:
    "Canceling stops billing from that day: the invoice at the start of the next month covers that month's use up to the cancellation, so everyone active that month counts once, with storage and the platform fee.",
  access: `Full access continues until the end of that month; then the workspace is read-only for ${billing.readOnlyDaysAfterCancellation} days, so you can export everything, and is then deleted.`,
} as const;

/** The whole story in one paragraph, for FAQ answers. */
export const cancellationStory = `${cancellation.when} ${cancellation.billing} ${cancellation.access}`;
