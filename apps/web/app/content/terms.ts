/** The Terms of Service printed on /terms: ten sections with a table of contents. */
import { brand } from "../brand";
import type { LegalDocument } from "./document-schema";
import { cancellation, commercialFacts } from "./commercial-facts";
import { ordinal } from "./long-date";
import { billing, plan } from "./pricing";

const { firstDay, lastDay } = billing.paymentWindow;
const platformFee = plan.metered.find((line) => line.item === "Platform fee");

/** Minimum notice, in days, before a material change to these terms takes effect. */
export const termsChangeNoticeDays = 30;

export const terms: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: commercialFacts.policiesUpdated,
  intro: [
    `These terms are an agreement between you and ${brand.legalName} ("${brand.name}", "we", "us") about your use of the ${brand.name} website, web application and related services (together, the "Service"). If you use the Service on behalf of a company, you accept these terms for that company and confirm that you are authorized to do so.`,
    "Please read them with our [Privacy Policy](/policy) and our [refund and cancellation policy](/refund-and-cancellation-policy), which form part of this agreement. If you do not agree with these terms, do not use the Service.",
  ],
  sections: [
    {
      id: "use-of-service",
      title: "Use of the Service",
      paragraphs: [
        `You may use the Service to plan projects, track time, manage attendance, leave, holidays, files and company assets for your own organization. You must be at least 18 years old, and you are responsible for making sure that your use complies with the laws that apply to you, including employment and data protection laws where you record information about your staff.`,
        "You agree not to misuse the Service. In particular, you will not:",
      ],
      points: [
        "try to reach data or accounts that are not yours, or probe, scan or test the Service's security without our written permission",
        "upload malware, or content that is unlawful, infringing or that you have no right to share",
        "overload the Service on purpose, or access it by automated means other than the exports and interfaces we provide",
        "resell or sublicense the Service, or use it to build a competing product",
        "record screenshots or activity of people who have not been told that this happens",
      ],
    },
    {
      id: "account",
      title: "Your account",
      paragraphs: [
        "To use the Service you create a workspace and an account with accurate information, and keep that information up to date. The person who creates the workspace, or anyone they make an owner, controls it: they can invite and remove users, assign roles and permissions, and close the workspace.",
        "You are responsible for keeping sign-in details confidential and for everything done through the accounts of your workspace. Tell us at once at [" +
          brand.supportEmail +
          "](mailto:" +
          brand.supportEmail +
          ") if you believe an account has been used without permission.",
      ],
    },
    {
      id: "payment-and-subscription",
      title: "Payment and subscription",
      paragraphs: [
        `The Service is offered on the ${plan.title} plan described on our [pricing page](/pricing). There is no upfront payment and no setup fee. We record your workspace's usage during each month, such as the number of active employees and the storage used, and issue an invoice at the start of the following month.`,
        `Invoices are payable between the ${ordinal(firstDay)} and the ${ordinal(lastDay)} day of the month in which they are issued. If an invoice remains unpaid after that, we may restrict the workspace until it is settled; we will tell the owners by e-mail before we do so.${platformFee ? ` Apart from the platform fee of ${platformFee.price} ${platformFee.note}, every charge follows recorded usage.` : ""}`,
        "Prices are shown in US dollars and exclude taxes, which are added where the law requires. We may change prices for future usage with the notice described in the section on changes to these terms; usage already recorded is invoiced at the price that applied when it took place.",
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      paragraphs: [
        `The Service, including its software, design, text, graphics and the ${brand.name} name and logo, belongs to us or our licensors and is protected by law. We grant you a limited, non-exclusive, non-transferable right to use the Service for your organization's internal purposes while these terms apply.`,
        "If you send us ideas or suggestions, we may use them to improve the Service without any obligation to you. This does not give us any right to your content.",
      ],
    },
    {
      id: "user-content",
      title: "Your content",
      paragraphs: [
        "Everything you and your users put into the Service, such as tasks, time entries, leave records, files and asset details, remains yours. You give us permission to host, copy, process and display that content only as needed to provide, secure and support the Service for you.",
        "You are responsible for your content and for having the right to store it, including any personal data about your employees. We do not sell your content or use it for advertising, and we handle personal data as described in our [Privacy Policy](/policy).",
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of liability",
      paragraphs: [
        'We work hard to keep the Service available and accurate, but it is provided "as is" and "as available". To the extent the law allows, we exclude implied warranties such as fitness for a particular purpose, and we do not promise that the Service will be uninterrupted or free of errors.',
        "To the extent the law allows, neither party is liable to the other for indirect or consequential losses, such as loss of profit, revenue or goodwill. Our total liability arising from the Service in any twelve-month period is limited to the amounts you paid us for the Service in that period. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
    {
      id: "termination",
      title: "Termination",
      paragraphs: [
        "You may stop using the Service and cancel your workspace at any time from the billing settings. " +
          cancellation.billing +
          " What happens to your data afterwards, including the read-only period for exporting it, is set out in our [refund and cancellation policy](/refund-and-cancellation-policy).",
        "We may suspend or end your access if you seriously or repeatedly breach these terms, if an invoice remains unpaid after a reminder, or if the law requires us to. Except where there is a risk to the Service or to other customers, we will give notice first and a reasonable chance to put things right.",
      ],
    },
    {
      id: "governing-law",
      title: "Governing law",
      paragraphs: [
        `These terms are governed by the laws of India. The courts of ${brand.address.locality}, ${brand.address.region}, have exclusive jurisdiction over any dispute arising from them or from the Service, without prejudice to any mandatory consumer protection rights you have where you live.`,
        "Before going to court, both parties agree to try in good faith to settle the dispute by talking to each other, starting with a written description of the problem sent to the other party.",
      ],
    },
    {
      id: "changes-to-terms",
      title: "Changes to these terms",
      paragraphs: [
        `We may update these terms as the Service and the law change. When a change is material, we will tell workspace owners by e-mail and in the application at least ${termsChangeNoticeDays} days before it takes effect. The date at the top of this page shows when the terms last changed.`,
        "If you do not agree with a change, you may cancel before it takes effect. Continuing to use the Service after that date means you accept the updated terms.",
      ],
    },
    {
      id: "contact",
      title: "Contact us",
      paragraphs: [
        `Questions about these terms are welcome. Write to [${brand.supportEmail}](mailto:${brand.supportEmail}), use the form on our [contact page](/contact-us), or send post to ${brand.legalName}, ${brand.address.street}, ${brand.address.locality} ${brand.address.postalCode}, ${brand.address.country}.`,
      ],
    },
  ],
};
