/**
 * The blog and help searches, shared by the site's build (which writes each page's search data),
 * the server (which answers `/blogs?q=` and `/help?q=` with the results in the page, for browsers
 * without JavaScript and for shared links) and the browser (live results as the visitor types).
 *
 * Matching: text is compared without case or accents; a query matches a document when every one of
 * its words is found in it: as a whole word or the start of one ("approv" finds "approval"), by its
 * stem ("exporting" finds "export", "companies" finds "company"), by a word people use for the same
 * thing ("gdpr" finds the privacy policy, "sso" finds signing in), or misspelt by a letter or two
 * ("timesheeet"). A query word found nowhere at all is left out rather than emptying the results.
 * Exact words weigh more than stems and synonyms, those more than near spellings, and title hits
 * more than body hits. Everything here is linear in the text searched.
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
 * A light English stemmer: the endings that change a word's form but not what it is about
 * ("invoices", "exporting", "canceled", "cancelled", "policies" to "invoice", "export", "cancel",
 * "cancel", "policy"). Short words are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  for (const ending of ["lling", "lled"]) {
    if (word.endsWith(ending) && word.length > ending.length + 3)
      return word.slice(0, 1 - ending.length);
  }
  for (const ending of ["ing", "ed"]) {
    if (word.endsWith(ending) && word.length > ending.length + 3)
      return word.slice(0, -ending.length);
  }
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

/**
 * The words people search with, and the words the site uses for the same thing. A query word
 * (or its stem) found here also matches each alternative (every word of it).
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  gdpr: ["privacy", "personal data", "data protection"],
  privacy: ["gdpr", "personal data"],
  sso: ["single sign on", "sign in", "saml"],
  login: ["sign in", "password"],
  "2fa": ["two factor", "authentication", "single use code"],
  mfa: ["two factor", "authentication", "single use code"],
  invoice: ["billing", "bill", "payment"],
  bill: ["invoice", "billing"],
  refund: ["money back", "reimburse", "cancellation"],
  cancel: ["cancellation", "close account", "terminate"],
  export: ["download", "csv", "backup"],
  download: ["export"],
  price: ["pricing", "cost"],
  cost: ["price", "pricing"],
  vacation: ["leave", "holiday"],
  pto: ["leave", "time off"],
};

/**
 * The distinct words of a text and their stems, space-separated and padded with a leading space,
 * so a term matches a word start with `includes(" " + term)`. Small enough to ship in loader data.
 */
export function wordIndex(text: string): string {
  const words = new Set<string>();
  for (const word of normalize(text).split(" ")) {
    if (!word) continue;
    words.add(word);
    words.add(stem(word));
  }
  return ` ${[...words].join(" ")}`;
}

/** Whether two words are at most `max` edits apart (insert, delete, change a letter). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = row;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

/** How many letters a query word may be misspelt by: none under 5 letters, 2 from 8. */
const editsAllowed = (term: string) =>
  term.length < 5 || /\d/.test(term) ? 0 : term.length < 8 ? 1 : 2;

/** How well one word matches a word index: 2 whole word, 1 word start, 0 not at all. */
function wordHit(index: string, word: string): number {
  if (index.includes(` ${word} `) || index.endsWith(` ${word}`)) return 2;
  return index.includes(` ${word}`) ? 1 : 0;
}

/**
 * How well a query term matches a field, from 0 to 2: the word itself (2 whole, 1 start), its stem
 * (1), a synonym with all its words (1), a near spelling of a word (0.5).
 */
function termHit(index: string, term: string): number {
  const exact = wordHit(index, term);
  if (exact === 2) return 2;
  let best = exact;
  const root = stem(term);
  if (root !== term && wordHit(index, root) > 0) best = Math.max(best, 1);
  if (best > 0) return best;
  for (const alternative of SYNONYMS[term] ?? SYNONYMS[root] ?? []) {
    if (alternative.split(" ").every((w) => wordHit(index, w) > 0)) return 1;
  }
  const edits = editsAllowed(term);
  if (edits > 0) {
    for (const word of index.split(" ")) {
      if (word.length >= 4 && withinEdits(term, word, edits)) return 0.5;
    }
  }
  return 0;
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
    for (const field of fields) best = Math.max(best, field.weight * termHit(field.index, term));
    if (best === 0) return 0;
    score += best;
  }
  return score;
}

/**
 * The documents matching every term, best first; ties keep their original order. A term that
 * matches no document at all is left out (when another term still matches), so one stray word
 * ranks the rest instead of emptying the list.
 */
export function rank<T>(docs: T[], terms: string[], fields: (doc: T) => SearchField[]): T[] {
  const found = terms.filter((term) => docs.some((doc) => scoreFields(fields(doc), [term]) > 0));
  const used = found.length > 0 ? found : terms;
  return docs
    .map((doc, order) => ({ doc, order, score: scoreFields(fields(doc), used) }))
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

export type HelpDocKind = "Question" | "Topic" | "Article" | "Policy";

/** One answer the help search can find: a question, a help topic, a blog article or a policy section. */
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
