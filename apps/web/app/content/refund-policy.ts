/**
 * The refund and cancellation policy (/refund-and-cancellation-policy): every rule of the billing
 * constants and the account lifecycle. Every number is read from pricing.ts `billing`.
 */
import { brand } from "../brand";
import type { TwoColumnDocument } from "./document-schema";
import { cancellation, commercialFacts } from "./commercial-facts";
import { ordinal } from "./long-date";
import { billing, plan } from "./pricing";

const mail = `[${brand.supportEmail}](mailto:${brand.supportEmail})`;
const { firstDay, lastDay } = billing.paymentWindow;
const processing = billing.refundProcessingBusinessDays;
const access = billing.accessIssueResolutionHours;
const readOnlyDays = billing.readOnlyDaysAfterCancellation;
const platformFee = plan.metered.find((line) => line.item === "Platform fee");

/** The states an account moves through after cancellation, drawn as a timeline on the page. */
export const accountLifecycle = [
  {
    id: "active",
    title: "Active",
    text: "Full access. Usage is recorded through the month and invoiced at the start of the next.",
  },
  {
    id: "cancelled",
    title: "Canceled",
    text: cancellation.billing,
  },
  {
    id: "read-only",
    title: `Read-only for ${readOnlyDays} days`,
    text: "Nothing can be changed, but everything can be viewed, downloaded and exported.",
  },
  {
    id: "deleted",
    title: "Deleted",
    text: "The workspace and its data are permanently deleted and cannot be recovered.",
  },
] as const;

export const refundPolicy: TwoColumnDocument = {
  title: "Refund and cancellation policy",
  lastUpdated: commercialFacts.policiesUpdated,
  intro: [
    `${brand.name} is billed on usage under the ${plan.title} plan, so you pay for what your team has already used rather than for a period in advance. This page explains when a charge can be refunded, how to ask for a refund, and what happens to your account and data when you cancel.`,
  ],
  columns: [
    {
      id: "refund-policy",
      title: "Refund Policy",
      sections: [
        {
          id: "usage-based-billing",
          title: "Usage-based billing",
          paragraphs: [
            `There is no upfront fee, and no fixed monthly charge unless one is explicitly defined on the [pricing page](/pricing)${platformFee ? ` (today that is only the platform fee of ${platformFee.price} ${platformFee.note})` : ""}. Charges arise at the end of a billing cycle, or earlier when your usage crosses a threshold agreed for your workspace.`,
            `The order is always the same: you use the Service, the usage is recorded, an invoice is issued, and only then is payment collected. Invoices are issued at the start of each month and are due between the ${ordinal(firstDay)} and the ${ordinal(lastDay)}; an account left unpaid after that may be restricted until the invoice is settled.`,
          ],
        },
        {
          id: "eligibility",
          title: "When a refund is given",
          paragraphs: [
            `Because invoices follow verified usage, refunds are for charges that should not have been made. A billing issue must be reported within ${billing.disputeWindowDays} days of the invoice being generated. We refund:`,
          ],
          points: [
            "technical billing errors, such as usage counted wrongly by our systems",
            "charges caused by unauthorized access to your account, once confirmed",
            "duplicate billing for the same usage",
            `billing issues reported within ${billing.disputeWindowDays} days of the invoice date`,
          ],
        },
        {
          id: "not-eligible",
          title: "When a refund is not given",
          paragraphs: [
            "We cannot refund charges that reflect real use of the Service. That includes:",
          ],
          points: [
            "verified actual usage, such as active employees and storage that were in the workspace",
            "charges that arose because the account was not canceled, or usage was not monitored",
            "a change of mind after the paid services have been used",
          ],
        },
        {
          id: "how-to-request",
          title: "How to request a refund",
          paragraphs: [
            `Write to ${mail} within ${billing.disputeWindowDays} days of the invoice date. To let us review it quickly, include:`,
          ],
          points: [
            "the registered e-mail address of the account",
            "the invoice number",
            "a description of the issue, with screenshots if they help",
          ],
        },
        {
          id: "refund-processing",
          title: "Review and processing",
          paragraphs: [
            `Approved refunds are processed within ${processing.min} to ${processing.max} business days after the review and approval, to the original payment method. We tell you the outcome of the review in writing.`,
            "You can also reach us through the help chat inside the application, where the support team can look at the invoice with you and start the request.",
          ],
        },
      ],
    },
    {
      id: "cancellation-policy",
      title: "Cancellation Policy",
      sections: [
        {
          id: "cancellation-terms",
          title: "Canceling your account",
          paragraphs: [
            `${cancellation.when} There is no long-term commitment to buy out.`,
            cancellation.billing,
          ],
        },
        {
          id: "after-cancellation",
          title: "What happens after cancellation",
          paragraphs: [
            cancellation.access,
            `During the ${readOnlyDays} read-only days you can view, download and export projects, timesheets, attendance, leave records, files and asset records, but nothing can be changed.`,
            `When the ${readOnlyDays} days are over, the workspace and all its data are permanently deleted. Export anything you want to keep before then; deleted data cannot be recovered.`,
          ],
        },
        {
          id: "access-help",
          title: "Help with access",
          paragraphs: [
            `If you cannot sign in, export your data or reach a read-only workspace, write to ${mail} or use the help chat. We aim to resolve access issues within ${access.min} to ${access.max} hours.`,
          ],
        },
      ],
    },
  ],
};
