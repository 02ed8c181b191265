/** The safeguards described on /trust&security, one section per topic. */
import { brand } from "../brand";
import type { DocumentSection } from "./document-schema";
import { billing } from "./pricing";

const mail = `[${brand.supportEmail}](mailto:${brand.supportEmail})`;

export const trustTopics: DocumentSection[] = [
  {
    id: "encryption",
    title: "Encryption",
    paragraphs: [
      "Every connection to the website and the application is encrypted with TLS, and browsers are told to refuse unencrypted connections. Files in the file manager, invoices and warranty documents attached to assets, and database backups are encrypted at rest.",
    ],
  },
  {
    id: "access",
    title: "Authentication and role-based access",
    paragraphs: [
      "Passwords are stored only as salted hashes, sessions live in cookies that scripts cannot read, and the support chat proves a visitor's e-mail with a single-use code before a conversation opens.",
      "Inside a workspace, everything a person can see or approve follows their role. Admins define custom roles, so salary letters stay with HR and client contracts with the account team, and removing someone ends their access everywhere at once.",
    ],
  },
  {
    id: "backups",
    title: "Backups and recovery",
    paragraphs: [
      "Workspace data is backed up every day to a separate location and the backups are encrypted. We restore from them regularly as an exercise, because a backup that has never been restored is only a hope. Deleted files also wait in the trash, where the workspace can restore them itself without asking us.",
    ],
  },
  {
    id: "compliance",
    title: "Compliance",
    paragraphs: [
      `${brand.legalName} is an Indian company and handles personal data in line with the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023. For customers outside India we sign a data processing agreement that reflects the rules they work under, such as the GDPR.`,
      `Security questionnaires from your procurement or IT team are welcome; send them to ${mail} and we will complete them.`,
    ],
  },
  {
    id: "integrations",
    title: "Integrations and exports",
    paragraphs: [
      "Reports and timesheets leave the Service as files that an admin chooses to export, and each export is recorded. We add connections to other tools only with narrowly scoped access, review what each one can read before it is released, and let admins switch any connection off.",
    ],
  },
  {
    id: "privacy",
    title: "Privacy",
    paragraphs: [
      "We never sell customer data and do not use it for advertising. This website carries no analytics or tracking scripts, and it loads nothing from other companies until you ask for it, such as a video or the map on the contact page. Screenshots are captured only for the roles an admin chooses, only while the timer runs, and people can see and delete their own.",
      "Our [Privacy Policy](/policy) sets out what we collect and the rights you have.",
    ],
  },
  {
    id: "incident-response",
    title: "Incident response",
    paragraphs: [
      "An engineer is on call at all hours for alerts from the Service. If an incident affects your data, we tell your workspace owners without undue delay what happened, what it touched and what we are doing, and we publish a written review once it is resolved.",
      `Found a vulnerability? Report it to ${mail}. We reply within one working day, keep you informed while we fix it, and will not take action against good-faith research.`,
    ],
  },
  {
    id: "training",
    title: "Staff training",
    paragraphs: [
      `Everyone at ${brand.name} completes security and privacy training when they join and again every year, and engineers review each change to the code before it ships. Staff reach customer data only to resolve a support request, and every such access is logged.`,
      `When a workspace is canceled, it stays read-only for ${billing.readOnlyDaysAfterCancellation} days and is then deleted, so we never keep data longer than it serves you.`,
    ],
  },
];
