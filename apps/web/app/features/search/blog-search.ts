/** Search over the blog: title, description, tags and the full text of each post. */
import { queryTerms, rank, wordIndex, type SearchField } from "./text-search";

export interface SearchablePost {
  id: number;
  /** Word indexes (see `wordIndex`) of the title, the description and tags, and the body. */
  search: { title: string; description: string; body: string };
}

/** Builds the word indexes at build time, from the post's fields and its plain-text body. */
export function postSearchIndex(post: {
  title: string;
  description: string;
  tags: readonly string[];
  bodyText: string;
}): SearchablePost["search"] {
  return {
    title: wordIndex(post.title),
    description: wordIndex(`${post.description} ${post.tags.join(" ")}`),
    body: wordIndex(post.bodyText),
  };
}

const fields = (post: SearchablePost): SearchField[] => [
  { index: post.search.title, weight: 6 },
  { index: post.search.description, weight: 3 },
  { index: post.search.body, weight: 1 },
];

/** Posts matching every word of the query, best match first; all posts for an empty query. */
export function searchPosts<T extends SearchablePost>(posts: T[], query: string): T[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return posts;
  return rank(posts, terms, fields);
}
