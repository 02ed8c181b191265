/**
 * Search for the help centre: the ten help questions, the five help topics, every FAQ set and the
 * blog. The index is built by the /help loader at build time and shipped with the page; results
 * are computed from it both in the prerendered page and in the browser.
 */
import { excerpt } from "~/content/plain-text";
import { queryTerms, rank, wordIndex, type SearchField } from "./text-search";

export type HelpDocKind = "Question" | "Topic" | "Article";

export interface HelpDoc {
  kind: HelpDocKind;
  title: string;
  href: string;
  /** Where it comes from: the FAQ set, "Help topics" or "Blog". */
  section: string;
  excerpt: string;
  index: { title: string; text: string };
}

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
    ...sources.helpFaq.map((item) => question(item, "Help centre", `/help#${item.id}`)),
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

const fields = (doc: HelpDoc): SearchField[] => [
  { index: doc.index.title, weight: 5 },
  { index: doc.index.text, weight: 1 },
];

/** Every document matching all words of the query, best first; none for an empty query. */
export function searchHelp(docs: HelpDoc[], query: string): HelpDoc[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  return rank(docs, terms, fields);
}
