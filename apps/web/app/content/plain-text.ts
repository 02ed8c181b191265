/** Helpers for the plain-text fields of the content modules (FAQ answers, excerpts). */

import { trimEndWhere } from "@hourline/contracts/text";

/** Splits plain text into paragraphs at blank lines; single line breaks stay inside a paragraph. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
}

/** The start of a text, cut at a word boundary to at most `max` characters, with an ellipsis. */
export function excerpt(text: string, max = 170): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const head = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${trimEndWhere(head, (c) => /[\s,;:.]/.test(c))}…`;
}
