/**
 * Three recent posts from Hourline's social accounts, shown as cards beside the home video. They are
 * our own words copied here, so the page needs no third-party embed script; each card links out to
 * the account it came from (brand config).
 */
import { brand } from "../brand";

export interface SocialPost {
  network: (typeof brand.social)[number]["name"];
  handle: string;
  href: string;
  date: string;
  text: string;
}

function account(name: SocialPost["network"]) {
  const found = brand.social.find((s) => s.name === name);
  if (!found) throw new Error(`No ${name} account in the brand config`);
  return { network: name, href: found.href, handle: found.href.replace(/^https:\/\/[^/]+\//, "") };
}

export const socialPosts: SocialPost[] = [
  {
    ...account("LinkedIn"),
    date: "2026-10-02",
    text: "Assets & inventory is live for every workspace. Record a laptop once with its invoice and warranty, assign it to a person, and get a reminder before the warranty runs out. Offboarding checklists now list everything someone holds.",
  },
  {
    ...account("X"),
    date: "2026-09-18",
    text: "Small change, big relief: a public holiday that falls inside a leave request is no longer deducted from the balance, per office. Pune and Chennai can finally share one leave policy.",
  },
  {
    ...account("Instagram"),
    date: "2026-09-05",
    text: "Monday in our Pune office: sprint review on the big screen, check-ins read over chai, and the month's timesheets approved before lunch. This is the week our own product was built for.",
  },
];
