/**
 * The blog's and the help center's search, answered by the server: `/blogs?q=` and `/help?q=` get
 * the prerendered page with its search block rendered for the query, the same markup the browser
 * renders as the visitor types (@hourline/contracts/site-search-html). So results work without
 * JavaScript and a search can be shared as a link. The page is split once at start around the
 * block it was built with; an answer is the two halves around the block for the query.
 */
import { boundedQuery, type SearchData } from "@hourline/contracts/site-search";
import { searchBlock } from "@hourline/contracts/site-search-html";

export type SearchAnswer = (query: string, showAll: boolean) => string;

export function searchAnswers(path: string, html: string, data: SearchData): SearchAnswer {
  const empty = searchBlock(data, "");
  const at = html.indexOf(empty);
  if (at === -1 || html.indexOf(empty, at + 1) !== -1) {
    throw new Error(
      `${path} does not hold the search block of its search data exactly once: rebuild the site`,
    );
  }
  const before = html.slice(0, at);
  const after = html.slice(at + empty.length);
  return (query, showAll) => before + searchBlock(data, query, showAll) + after;
}

/**
 * What a request's query string asks the search for, or null when it asks for nothing (then the
 * prerendered page answers). Only `q` (cut to its first MAX_QUERY_LENGTH characters) and `all=1`
 * are read; anything else in the query string is ignored.
 */
export function searchRequest(queryString: string): { query: string; showAll: boolean } | null {
  if (!queryString) return null;
  const params = new URLSearchParams(queryString);
  const query = boundedQuery(params.get("q") ?? "");
  if (!query.trim()) return null;
  return { query, showAll: params.get("all") === "1" };
}
