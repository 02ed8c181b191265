/**
 * The matching rules shared by the blog and help searches. Text is compared without case or
 * accents; a query matches a document when every one of its words appears in it, as a whole word
 * or as the start of one ("approv" finds "approval"). Title hits weigh more than body hits.
 */

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
