/** Open roles on /careers. Applications go by e-mail to brand.careersEmail with the role in the subject. */
import { brand } from "../brand";
import type { JobOpening } from "./document-schema";

export const openings: JobOpening[] = [
  {
    id: "senior-frontend-engineer",
    title: "Senior Frontend Engineer",
    team: "Engineering",
    location: `${brand.address.locality} or remote in India`,
    type: "Full-time",
    summary:
      "Own the screens people use every working day: the board, the timer and the approval queue. You will make them fast on an old laptop and a patchy connection, and accessible to everyone on the team.",
    responsibilities: [
      "Build and refine features in React and TypeScript, from first sketch to release",
      "Keep pages light: measure bundle size and interaction delay, and fix what slows people down",
      "Work with design on components that meet WCAG 2.2 AA",
      "Review code and pair with colleagues on the parts of the product you know best",
    ],
    requirements: [
      "Several years of building production web applications with React and TypeScript",
      "A habit of testing in a real browser, including with the keyboard and a screen reader",
      "Clear written English: most of our decisions are written down",
      "Curiosity about how small companies actually run their week",
    ],
  },
  {
    id: "backend-engineer",
    title: "Backend Engineer",
    team: "Engineering",
    location: brand.address.locality,
    type: "Full-time",
    summary:
      "Work on the services behind time tracking, leave and invoicing: the parts that must never lose an hour or count a day twice. You will design data models, APIs and background jobs that stay correct under load.",
    responsibilities: [
      "Design and build APIs and jobs in Node.js and TypeScript on PostgreSQL",
      "Make billing, approvals and leave accrual exact, auditable and well tested",
      "Watch the Service in production and take part in a fair on-call rotation",
      "Improve the tooling that lets the whole team ship small changes safely",
    ],
    requirements: [
      "Experience running a Node.js or similar backend in production",
      "Comfort with SQL, transactions and schema migrations",
      "Care for the details of time zones, calendars and money",
      "Willingness to explain your work to colleagues outside engineering",
    ],
  },
  {
    id: "product-designer",
    title: "Product Designer",
    team: "Design",
    location: `${brand.address.locality}, hybrid`,
    type: "Full-time",
    summary:
      "Shape how managers approve hours, how employees ask for leave and how an office manager finds a warranty. You will talk to customers, prototype, test and see your work through to release.",
    responsibilities: [
      "Run customer interviews and usability tests with our users in India and abroad",
      "Design flows and interfaces across web and mobile browsers",
      "Grow our design system alongside the frontend engineers",
      "Write the words in the interface as carefully as you draw it",
    ],
    requirements: [
      "A portfolio showing product work, with the reasoning behind it",
      "Experience designing data-heavy screens such as tables, calendars or dashboards",
      "Working knowledge of accessibility guidelines",
      "Comfort presenting unfinished work and changing it after feedback",
    ],
  },
  {
    id: "customer-support-specialist",
    title: "Customer Support Specialist",
    team: "Support",
    location: brand.address.locality,
    type: "Full-time",
    summary: `Be the person customers reach in the chat and by e-mail. The chat tells every visitor when the team is in, and you will keep that promise while solving problems properly rather than quickly closing them.`,
    responsibilities: [
      "Answer questions in the support chat and the inbox, in clear and friendly English",
      "Help new workspaces set up leave policies, holiday calendars and roles",
      "Turn recurring questions into help articles and product feedback",
      "Work with engineering to reproduce and track down bugs",
    ],
    requirements: [
      "Experience in customer support for a software product, or in an HR or operations role",
      "Patience with confused people and precision with details",
      "Good written English; Hindi or Marathi is a plus",
      "Willingness to work some early or late shifts on a shared rota",
    ],
  },
  {
    id: "account-executive",
    title: "Account Executive, Small Business",
    team: "Sales",
    location: `${brand.address.locality} or Bengaluru`,
    type: "Full-time",
    summary:
      "Help growing companies decide whether Hourline fits them. There is no contract to push: you will run honest demos, answer hard questions about switching, and make sure each new customer starts well.",
    responsibilities: [
      "Run discovery calls and product demos for companies of five to two hundred people",
      "Guide new workspaces through their first weeks with the onboarding team",
      "Bring what prospects ask for back to product and marketing",
      "Keep an accurate record of conversations and next steps",
    ],
    requirements: [
      "Experience selling software to small and medium-sized businesses",
      "The confidence to tell a prospect when Hourline is not the right fit",
      "Strong spoken and written English",
      "Interest in how teams plan work and manage time",
    ],
  },
];

/** The subject line an application e-mail starts with, so the hiring team can sort it. */
export function applicationSubject(opening: JobOpening): string {
  return `Application: ${opening.title}`;
}

export function applicationHref(opening: JobOpening): string {
  return `mailto:${brand.careersEmail}?subject=${encodeURIComponent(applicationSubject(opening))}`;
}
