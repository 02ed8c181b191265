/** The ten general questions answered on /help. */
import type { FaqSet } from "./schema";
import { brand } from "../brand";
import { paymentWindow } from "./billing-phrases";
import { cancellationStory, noTrial } from "./commercial-facts";

const supportEmail = brand.supportEmail;

export const helpFaq: FaqSet["items"] = [
  {
    id: "help-create-account",
    question: "How do I create an account and invite my team?",
    answer:
      "Sign up with your work e-mail, name your company and you are taken straight to your workspace. From the people screen, invite colleagues by e-mail and give each one a role; they receive a link to set their own password.",
  },
  {
    id: "help-billing-basics",
    question: "How does billing work?",
    answer:
      "Hourline uses Use & Pay: you use the platform during the month, and we invoice what was used at the start of the following month. Payment is due " +
      paymentWindow +
      ", and an unpaid account may be restricted until the invoice is settled. There is no upfront payment and no setup fee.",
  },
  {
    id: "help-data-security",
    question: "How is our data protected?",
    answer:
      "Data travels over encrypted connections and files are held in encrypted cloud storage. Access inside your workspace is governed by role-based permissions, and data is backed up regularly. The trust and security page describes these measures in more detail.",
  },
  {
    id: "help-export-data",
    question: "Can I export our data?",
    answer:
      "Timesheets, attendance and leave reports can be exported at any time, and files can be downloaded from the file manager. If you are leaving, you can export everything you need during the read-only period after cancellation.",
  },
  {
    id: "help-roles",
    question: "How do roles and permissions work?",
    answer:
      "Every user has a role, and each role has a set of permissions, such as approving leave, viewing screenshots or managing invoices. Start from the built-in roles or create custom ones; changing a role updates the access of everyone who holds it.",
  },
  {
    id: "help-getting-started",
    question: "Is there a trial, and where should we start?",
    answer:
      noTrial +
      " A good first week is one project board, the time tracker for a single team, and your holiday calendar.",
  },
  {
    id: "help-support-hours",
    question: "How quickly does support reply?",
    answer:
      "Start a chat from the icon on any page, send a message through the contact form, or write to " +
      supportEmail +
      ". The chat says whether someone from the team is online and, outside working hours, when the team is back; the reply then comes by e-mail. The chat keeps your conversation history so you never have to repeat yourself.",
  },
  {
    id: "help-mobile-access",
    question: "Can I use Hourline on my phone?",
    answer:
      "Hourline runs in the browser and adapts to phones and tablets, so employees can check in, apply for leave or look up a colleague on the move. Nothing needs to be installed to use these features.",
  },
  {
    id: "help-integrations",
    question: "Does Hourline integrate with other tools?",
    answer:
      "Hourline covers projects, time, people, files and assets in one place, so many teams need fewer integrations than before. For accounting and payroll, export reports as files; if you rely on a particular tool, tell support which one so we can advise on the best way to connect it.",
  },
  {
    id: "help-cancel",
    question: "How do I cancel, and what happens to our data?",
    answer: cancellationStory,
  },
];
