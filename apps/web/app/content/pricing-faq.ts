/** The pricing page's questions about the bill, worded from the price list (pricing.ts). */
import { paymentWindow } from "./billing-phrases";
import { cancellationStory } from "./commercial-facts";
import { meteredPrices, usd } from "./pricing";
import type { FaqItem } from "./schema";

export const pricingFaq: FaqItem[] = [
  {
    id: "pricing-who-counts",
    question: "Who counts as an active employee on the invoice?",
    answer: `Everyone whose account was active at any time during the month counts once, at ${usd.format(meteredPrices.perEmployee)}. Deactivate someone who leaves and they stop counting from the next month, while their history stays in reports.`,
  },
  {
    id: "pricing-storage",
    question: "How is storage measured?",
    answer: `We add up the files and images kept in the workspace and charge ${usd.format(meteredPrices.perGb)} per GB for the month. Deleting files you no longer need lowers the next invoice; projects, tasks and time entries take no billable space.`,
  },
  {
    id: "pricing-when-pay",
    question: "When is the invoice issued and when must it be paid?",
    answer: `The invoice for a month is issued at its end, at the start of the next month, and payment is due ${paymentWindow}. An account left unpaid after that may be restricted until the invoice is settled.`,
  },
  {
    id: "pricing-cancel",
    question: "What happens if we cancel part-way through a month?",
    answer: cancellationStory,
  },
  {
    id: "pricing-extra-modules",
    question: "Do some modules or features cost extra?",
    answer:
      "No. Projects, tasks, leave, holidays, attendance, the time tracker, assets and file sharing are all part of Use & Pay. The only lines on an invoice are people, storage and the platform fee.",
  },
];
