/** The Privacy Policy printed on /policy: eight sections. */
import { brand } from "../brand";
import { commercialFacts } from "./commercial-facts";
import type { LegalDocument } from "./document-schema";
import { billing } from "./pricing";

const mail = `[${brand.supportEmail}](mailto:${brand.supportEmail})`;

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: commercialFacts.policiesUpdated,
  intro: [
    `This policy explains what information ${brand.legalName} ("${brand.name}", "we") collects when you visit our website or use the ${brand.name} application, why we collect it, and what you can do about it. The short version: we collect what we need to run the Service, we protect it, and we never sell it.`,
  ],
  sections: [
    {
      id: "our-approach",
      title: "Our approach to privacy",
      paragraphs: [
        `${brand.name} holds sensitive information about how teams work: hours, attendance, leave and the equipment people use. We treat it accordingly. We ask only for information that a feature needs, keep it only as long as it serves you, and give workspace owners the controls to decide what is recorded about their people.`,
        "When your organization uses the Service, it decides what employee information goes into the workspace and is responsible for it; we process that information on its behalf and on its instructions. For the information we collect about visitors to our website and about our own customers, we are responsible.",
      ],
    },
    {
      id: "information-we-collect",
      title: "Information we collect",
      paragraphs: [
        "We collect information in three ways: what you give us, what the Service records as you use it, and a small amount of technical data from your device.",
      ],
      points: [
        "Account details: name, work e-mail, phone number, company name and billing details",
        "Workspace content: projects, tasks, time entries, check-ins, attendance, leave, holiday calendars, files and asset records that you and your users add",
        "Screenshots, only when a workspace admin switches them on for a role and only while that person's timer runs",
        "Messages you send us through the contact form, the support chat or e-mail, with the e-mail address you verify for the chat",
        "When you start a support chat, so that we can help you faster: the page you opened it on and the pages of this website you visited before in the same browser tab (their paths only, at most 20), your browser and whether you use a desktop, mobile or tablet device, and your time zone. These are kept with the chat and deleted with it; they are never shared with or taken from third parties, and nothing is recorded unless you start a chat",
        "Technical data: IP address, browser type, pages requested and error logs, kept to operate and secure the Service",
      ],
    },
    {
      id: "how-we-use-information",
      title: "How we use information",
      paragraphs: [
        "We use information to provide the Service and the features you switch on, to calculate usage and issue invoices, to answer support requests, to keep the Service secure and to meet our legal obligations. We may also send you service messages, such as invoices, security notices and notice of changes to our terms.",
        "We do not use workspace content for advertising, and we do not build profiles of your employees. Our website has no analytics or advertising trackers; the only cookies it sets are the ones needed for the support chat and for signing in.",
      ],
    },
    {
      id: "sharing",
      title: "How we share information",
      paragraphs: [
        "We never sell your information, and we never rent or trade it. We share it only in these cases:",
      ],
      points: [
        "with service providers who host, e-mail or process payments for us, under contracts that allow them to use it only to provide their service to us",
        "with people inside your workspace, according to the roles and permissions your admins set",
        "when the law requires it, such as a valid court order, after checking that the request is lawful",
        "with a buyer or successor if our business is transferred, who must keep this policy's promises",
      ],
    },
    {
      id: "protection",
      title: "How we protect information",
      paragraphs: [
        "Information travels over encrypted connections, and files are kept in encrypted storage. Access inside the Service follows roles and permissions; access by our own staff is limited to those who need it to support you, and is logged.",
        `We keep workspace content while your workspace is active. After cancellation a workspace stays read-only for ${billing.readOnlyDaysAfterCancellation} days so you can export it, and is then permanently deleted. Backups roll over on their own schedule and are not restored except to recover the Service. Our [trust and security page](/trust&security) describes our safeguards in more detail.`,
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      paragraphs: [
        "You can ask to see the personal information we hold about you, to correct it, to have it deleted or to receive a copy in a portable format, and you can withdraw consent you have given. Where your employer's workspace holds the information, please ask your employer first; we will help them answer you.",
        `To use these rights, write to ${mail}. We answer within 30 days, and we may need to confirm your identity before we act. You may also complain to the data protection authority where you live.`,
        `If you have written to us through the support chat or the contact form, write to ${mail} from the e-mail address you used there, and say whether you want a copy of your data, its deletion, or both. We reply to that address to confirm the request comes from you, then send you everything we hold about it as one file (your chat conversations with their messages and images, your contact messages, and a record of the codes and e-mails we sent you), or delete all of it, including any open chat. Each request is recorded, without your address, so that we can show it was done.`,
        "Without a request, ended chats with their images, dealt-with contact messages and records of sent e-mail are deleted automatically once they are a year old; chat verification codes and sessions are deleted within hours of expiring.",
      ],
    },
    {
      id: "updates",
      title: "Updates to this policy",
      paragraphs: [
        "We update this policy when our practices or the law change. The date at the top of the page shows the latest version. When a change affects how we use information you have already given us, we tell workspace owners by e-mail before it takes effect.",
      ],
    },
    {
      id: "contact",
      title: "Contact",
      paragraphs: [
        `Questions or concerns about privacy reach the people responsible for it at ${mail}, or by post at ${brand.legalName}, ${brand.address.street}, ${brand.address.locality} ${brand.address.postalCode}, ${brand.address.country}. You can also use our [contact page](/contact-us).`,
      ],
    },
  ],
};
