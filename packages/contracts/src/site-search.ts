/**
 * The blog and help searches, shared by the site's build (which writes each page's search data),
 * the server (which answers `/blogs?q=` and `/help?q=` with the results in the page, for browsers
 * without JavaScript and for shared links) and the browser (live results as the visitor types).
 *
 * Matching: text is compared without case or accents; a query matches a document when every one of
 * its words appears in it, as a whole word or as the start of one ("approv" finds "approval").
 * Title hits weigh more than body hits. Everything here is linear in the text searched.
 */

/** The longest query looked at (characters); the search box says the same with maxlength. */
export const MAX_QUERY_LENGTH = 200;

/** A visitor's query, cut to MAX_QUERY_LENGTH characters (never in the middle of one). */
export function boundedQuery(raw: string): string {
  return Array.from(raw.slice(0, MAX_QUERY_LENGTH * 2))
    .slice(0, MAX_QUERY_LENGTH)
    .join("");
}

/** Lower case, accents removed, everything but letters and digits turned into single spaces. */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The distinct words of a query, in order; at most eight so a pasted paragraph stays cheap. */
export function queryTerms(query: string): string[] {
  const words = normalize(query).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/**
 * The distinct words of a text, space-separated and padded with a leading space, so a term
 * matches a word start with `includes(" " + term)`. Small enough to ship in loader data.
 */
export function wordIndex(text: string): string {
  const words = new Set(normalize(text).split(" ").filter(Boolean));
  return ` ${[...words].join(" ")}`;
}

export interface SearchField {
  /** A word index made by `wordIndex`. */
  index: string;
  weight: number;
}

/** Score of a document for the given terms; 0 when any term is missing from every field. */
export function scoreFields(fields: SearchField[], terms: string[]): number {
  if (terms.length === 0) return 0;
  let score = 0;
  for (const term of terms) {
    let best = 0;
    for (const field of fields) {
      if (field.index.includes(` ${term} `) || field.index.endsWith(` ${term}`)) {
        best = Math.max(best, field.weight * 2);
      } else if (field.index.includes(` ${term}`)) {
        best = Math.max(best, field.weight);
      }
    }
    if (best === 0) return 0;
    score += best;
  }
  return score;
}

/** The documents matching every term, best first; ties keep their original order. */
export function rank<T>(docs: T[], terms: string[], fields: (doc: T) => SearchField[]): T[] {
  return docs
    .map((doc, order) => ({ doc, order, score: scoreFields(fields(doc), terms) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((r) => r.doc);
}

/** A blog post as the search sees and shows it. */
export interface BlogSearchPost {
  id: number;
  title: string;
  description: string;
  tags: string[];
  image: string;
  imageAlt: string;
  /** ISO date, and the same date as the page prints it ("22 October 2025"). */
  date: string;
  dateLabel: string;
  readingMinutes: number;
  /** Word indexes (see `wordIndex`) of the title, the description and tags, and the body. */
  search: { title: string; description: string; body: string };
}

const postFields = (post: Pick<BlogSearchPost, "search">): SearchField[] => [
  { index: post.search.title, weight: 6 },
  { index: post.search.description, weight: 3 },
  { index: post.search.body, weight: 1 },
];

/** Posts matching every word of the query, best match first; all posts for an empty query. */
export function searchPosts<T extends Pick<BlogSearchPost, "search">>(
  posts: T[],
  query: string,
): T[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return posts;
  return rank(posts, terms, postFields);
}

export type HelpDocKind = "Question" | "Topic" | "Article";

/** One answer the help search can find: a question, a help topic or a blog article. */
export interface HelpDoc {
  kind: HelpDocKind;
  title: string;
  href: string;
  /** Where it comes from: the FAQ set, "Help topics" or "Blog". */
  section: string;
  excerpt: string;
  index: { title: string; text: string };
}

const helpFields = (doc: HelpDoc): SearchField[] => [
  { index: doc.index.title, weight: 5 },
  { index: doc.index.text, weight: 1 },
];

/** Every document matching all words of the query, best first; none for an empty query. */
export function searchHelp(docs: HelpDoc[], query: string): HelpDoc[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  return rank(docs, terms, helpFields);
}

/** What the build writes for the blog's search (search/blogs.json). */
export interface BlogSearchData {
  page: "blog";
  posts: BlogSearchPost[];
  /** Topics offered when nothing matches. */
  topics: string[];
}

/** What the build writes for the help center's search (search/help.json). */
export interface HelpSearchData {
  page: "help";
  docs: HelpDoc[];
  /** Popular searches, shown as links under the box. */
  suggestions: string[];
  supportEmail: string;
}

export type SearchData = BlogSearchData | HelpSearchData;
