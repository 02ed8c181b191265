/**
 * The help center's search data, built at build time: the ten help questions, the five help
 * topics, every FAQ set, the policies and Trust page section by section, and the blog, each with its word indexes (matching is in
 * @hourline/contracts/site-search, shared with the server and the browser).
 */
import { wordIndex, type HelpDoc, type HelpSearchData } from "@hourline/contracts/site-search";
import { brand } from "~/brand";
import { getPost, listPosts } from "~/content/blog/posts";
import { faqSets } from "~/content/faqs";
import { helpFaq } from "~/content/help-faq";
import { resolveHelpTopics, type ResolvedHelpTopic } from "~/content/help-topics";
import { excerpt } from "~/content/plain-text";
import { privacyPolicy } from "~/content/privacy";
import { refundPolicy } from "~/content/refund-policy";
import { terms } from "~/content/terms";
import { trustTopics } from "~/content/trust";
import { staticPageRoutes } from "~/site";

interface IndexSources {
  helpFaq: readonly { id: string; question: string; answer: string }[];
  faqSets: readonly {
    title: string;
    items: readonly { id: string; question: string; answer: string }[];
  }[];
  topics: readonly { id: string; title: string; summary: string; links: { label: string }[] }[];
  posts: readonly {
    id: number;
    title: string;
    description: string;
    tags: readonly string[];
    text: string;
  }[];
  /** The policies and the Trust page, section by section. */
  policies: readonly {
    title: string;
    path: string;
    sections: readonly { id: string; title: string; paragraphs: readonly string[] }[];
  }[];
}

export function buildHelpIndex(sources: IndexSources): HelpDoc[] {
  const question = (
    item: { id: string; question: string; answer: string },
    section: string,
    href: string,
  ): HelpDoc => ({
    kind: "Question",
    title: item.question,
    href,
    section,
    excerpt: excerpt(item.answer),
    index: { title: wordIndex(item.question), text: wordIndex(item.answer) },
  });
  return [
    ...sources.helpFaq.map((item) => question(item, "Help center", `/help#${item.id}`)),
    ...sources.topics.map((topic): HelpDoc => ({
      kind: "Topic",
      title: topic.title,
      href: `/help#topic-${topic.id}`,
      section: "Help topics",
      excerpt: topic.summary,
      index: {
        title: wordIndex(topic.title),
        text: wordIndex(`${topic.summary} ${topic.links.map((l) => l.label).join(" ")}`),
      },
    })),
    ...sources.faqSets.flatMap((set) =>
      set.items.map((item) => question(item, set.title, `/faqs#${item.id}`)),
    ),
    ...sources.policies.flatMap((policy) =>
      policy.sections.map((section): HelpDoc => {
        // The paragraphs are Markdown: a link counts by its words.
        const text = section.paragraphs.join(" ").replace(/\[([^[\]]*)\]\([^)]*\)/g, "$1");
        return {
          kind: "Policy",
          title: section.title,
          href: `${policy.path}#${section.id}`,
          section: policy.title,
          excerpt: excerpt(text),
          index: { title: wordIndex(section.title), text: wordIndex(text) },
        };
      }),
    ),
    ...sources.posts.map((post): HelpDoc => ({
      kind: "Article",
      title: post.title,
      href: `/blog-details/${post.id}`,
      section: "Blog",
      excerpt: post.description,
      index: {
        title: wordIndex(post.title),
        text: wordIndex(`${post.description} ${post.tags.join(" ")} ${post.text}`),
      },
    })),
  ];
}

/** Popular searches, offered as links under the box. */
const suggestions = ["invoice", "leave balance", "idle time", "export", "roles"];

/** The help topics (the page shows them) and the search data (search/help.json). */
export async function helpSearchData(): Promise<{
  topics: ResolvedHelpTopic[];
  data: HelpSearchData;
}> {
  const summaries = await listPosts();
  const posts = await Promise.all(
    summaries.map(async (post) => ({ ...post, text: (await getPost(post.id))?.text ?? "" })),
  );
  const topics = resolveHelpTopics(
    posts,
    staticPageRoutes.map((r) => r.path),
  );
  return {
    topics,
    data: {
      page: "help",
      docs: buildHelpIndex({
        helpFaq,
        faqSets,
        topics,
        posts,
        policies: [
          { title: privacyPolicy.title, path: "/policy", sections: privacyPolicy.sections },
          { title: terms.title, path: "/terms", sections: terms.sections },
          {
            title: refundPolicy.title,
            path: "/refund-and-cancellation-policy",
            sections: refundPolicy.columns.flatMap((c) => c.sections),
          },
          { title: "Trust & security", path: "/trust&security", sections: trustTopics },
        ],
      }),
      suggestions,
      supportEmail: brand.supportEmail,
    },
  };
}
