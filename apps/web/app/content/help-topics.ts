/**
 * The five help topics of /help and the knowledge base. Each topic points at answers that
 * exist elsewhere on the site (an FAQ answer, an article or a page), so nothing is written twice;
 * `resolveHelpTopics` turns the references into links and fails the build on a broken one.
 */
import { faqSets, helpFaq } from "./faqs";

export type HelpTopicId = "organize" | "use-cases" | "billing" | "reporting" | "admin";

export type HelpLinkRef = { faq: string } | { post: number } | { page: string; label: string };

export interface HelpTopic {
  id: HelpTopicId;
  title: string;
  summary: string;
  links: HelpLinkRef[];
}

export const helpTopics: HelpTopic[] = [
  {
    id: "organize",
    title: "Organize your work",
    summary:
      "Boards, sprints, files and timers: how to lay out projects so everyone can see what is next and who is on it.",
    links: [
      { faq: "kanban-default-columns" },
      { faq: "kanban-wip-limits" },
      { faq: "scrum-sprint-length" },
      { faq: "file-manager-folders" },
      { faq: "time-tracker-switch-tasks" },
      { post: 7 },
    ],
  },
  {
    id: "use-cases",
    title: "Use cases",
    summary:
      "How startups, agencies, hybrid teams and offices with equipment to track put the modules together.",
    links: [
      { faq: "startups-why-fit" },
      { faq: "startups-invoicing" },
      { faq: "attendance-work-mode" },
      { post: 1 },
      { post: 3 },
      { post: 4 },
    ],
  },
  {
    id: "billing",
    title: "Plans and billing",
    summary:
      "Use & Pay explained: what is metered, when the invoice arrives, when payment is due and what happens if you cancel.",
    links: [
      { faq: "help-billing-basics" },
      { faq: "general-use-and-pay" },
      { faq: "file-manager-storage-billing" },
      { faq: "help-cancel" },
      { page: "/pricing", label: "The price list, line by line" },
      { page: "/refund-and-cancellation-policy", label: "Refunds and cancellation, in full" },
    ],
  },
  {
    id: "reporting",
    title: "Reporting",
    summary:
      "Timesheets, time summaries, attendance for payroll and project health: where each number comes from and how to export it.",
    links: [
      { faq: "time-summary-contents" },
      { faq: "time-summary-export" },
      { faq: "time-summary-plan-vs-actual" },
      { faq: "attendance-monthly-view" },
      { faq: "scrum-burndown" },
      { post: 6 },
    ],
  },
  {
    id: "admin",
    title: "Account admin",
    summary:
      "Setting up the workspace, inviting people, roles and permissions, data protection, exports and closing an account.",
    links: [
      { faq: "help-create-account" },
      { faq: "help-roles" },
      { faq: "general-roles-permissions" },
      { faq: "help-data-security" },
      { faq: "help-export-data" },
      { page: "/trust&security", label: "How we protect your data" },
    ],
  },
];

export interface HelpLink {
  label: string;
  href: string;
  kind: "Question" | "Article" | "Page";
}

export interface ResolvedHelpTopic extends Omit<HelpTopic, "links"> {
  links: HelpLink[];
}

const helpFaqIds = new Set(helpFaq.map((item) => item.id));
const faqById = new Map(
  [...faqSets.flatMap((set) => set.items), ...helpFaq].map((item) => [item.id, item]),
);

/** Where an FAQ answer lives: the ten general ones on /help, the topic sets on /faqs. */
export function faqHref(id: string): string {
  return helpFaqIds.has(id) ? `/help#${id}` : `/faqs#${id}`;
}

export function resolveHelpTopics(
  posts: readonly { id: number; title: string }[],
  pagePaths: readonly string[],
): ResolvedHelpTopic[] {
  return helpTopics.map((topic) => ({
    ...topic,
    links: topic.links.map((ref): HelpLink => {
      if ("faq" in ref) {
        const item = faqById.get(ref.faq);
        if (!item) throw new Error(`Help topic ${topic.id}: no FAQ answer "${ref.faq}"`);
        return { label: item.question, href: faqHref(item.id), kind: "Question" };
      }
      if ("post" in ref) {
        const post = posts.find((p) => p.id === ref.post);
        if (!post) throw new Error(`Help topic ${topic.id}: no blog post ${ref.post}`);
        return { label: post.title, href: `/blog-details/${post.id}`, kind: "Article" };
      }
      if (!pagePaths.includes(ref.page)) {
        throw new Error(`Help topic ${topic.id}: no page ${ref.page} in the route table`);
      }
      return { label: ref.label, href: ref.page, kind: "Page" };
    }),
  }));
}
