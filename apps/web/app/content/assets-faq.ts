/** The assets and inventory module's questions (its feature page and /faqs). */
import type { FaqSet } from "./schema";

export const assetsFaq: FaqSet = {
  topic: "assets",
  title: "Assets and inventory questions",
  items: [
    {
      id: "assets-import",
      question: "Can we bring in the equipment list we already keep in a spreadsheet?",
      answer:
        "Yes. Export the sheet as CSV and map its columns to tag, serial number, model, purchase date and holder. Rows whose holder matches someone in the employee directory are assigned to that person straight away; the rest arrive unassigned for you to sort.",
    },
    {
      id: "assets-offboarding",
      question: "What happens to someone's equipment when they leave?",
      answer:
        "Deactivating an employee lists everything still assigned to them on the offboarding checklist. Each item is marked returned, reassigned or written off, so nothing disappears with the last day.",
    },
    {
      id: "assets-low-stock",
      question: "Who receives the low-stock alerts?",
      answer:
        "Each item has a reorder level and an owner, usually the office manager or whoever buys that category. When stock falls to the level, the owner gets an e-mail with the supplier and the last price paid, ready to reorder.",
    },
    {
      id: "assets-warranty",
      question: "How early are warranty and renewal reminders sent?",
      answer:
        "Thirty days before the date by default, and again a week before. You can change the lead time per category, for example ninety days for leased vehicles and two weeks for software subscriptions.",
    },
    {
      id: "assets-cost",
      question: "Does the assets module cost extra?",
      answer:
        "No. Assets and inventory are part of Use & Pay like every other module. The invoices and warranty files you attach count toward storage, which is billed by the gigabyte.",
    },
  ],
};
