/** The shipping and delivery policy (/shipping-and-delivery-policy): a digital service, in one column. */
import { brand } from "../brand";
import { commercialFacts } from "./commercial-facts";
import type { LegalDocument } from "./document-schema";
import { billing, plan } from "./pricing";

const mail = `[${brand.supportEmail}](mailto:${brand.supportEmail})`;
const access = billing.accessIssueResolutionHours;

export const shippingPolicy: LegalDocument = {
  title: "Shipping and delivery policy",
  lastUpdated: commercialFacts.policiesUpdated,
  intro: [
    `${brand.name} is software delivered over the internet. Nothing is posted or shipped to you, so this policy is about how and when you get access to the Service after you sign up.`,
  ],
  sections: [
    {
      id: "digital-access",
      title: "Digital access and activation",
      paragraphs: [
        `Your workspace is activated as soon as you complete sign-up and confirm your e-mail address; there is no waiting period and nothing to install. You reach it in any modern browser at the application address, ${brand.appUrl}, and the people you invite receive an e-mail with a link to join.`,
        "Every module is available from the first day. Owners and admins can switch modules on for their team whenever they are ready, and the change applies at once.",
      ],
    },
    {
      id: "use-and-pay",
      title: `${plan.title}: access before payment`,
      paragraphs: [
        `Under ${plan.title} there is nothing to pay before access is delivered: no upfront payment and no setup fee. Usage is recorded during the month and invoiced at the start of the next, so delivery of the Service always comes before the bill for it.`,
        "Invoices, receipts and account notices are delivered electronically, by e-mail to the workspace owners and in the billing settings, where past invoices can be downloaded at any time.",
      ],
    },
    {
      id: "no-physical-delivery",
      title: "No physical delivery",
      paragraphs: [
        "We do not sell or ship physical goods, so there are no shipping charges, delivery addresses, couriers or customs duties involved in buying the Service. If you receive a message claiming to be a delivery from us, it is not genuine; please forward it to us.",
      ],
    },
    {
      id: "help-with-access",
      title: "Help with access",
      paragraphs: [
        `If your activation e-mail has not arrived, an invitation link has expired or you cannot sign in, write to ${mail}, call [${brand.phone.display}](${brand.phone.href}) or use the support chat on this site. We aim to resolve access issues within ${access.min} to ${access.max} hours, and usually much sooner during working hours.`,
      ],
    },
  ],
};
