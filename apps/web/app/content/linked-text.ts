/** The link markup content text may carry: `[label](/path)`, `[label](mailto:...)`, `[label](tel:...)`. */
export const contentLinkPattern = /\[([^[\]]+)\]\(((?:\/|mailto:|tel:)[^)\s]*)\)/g;

/** The same text without link markup, as a reader sees it. */
export function stripLinks(text: string): string {
  return text.replace(contentLinkPattern, "$1");
}

/** Every link target in the text, in order. */
export function linkTargets(text: string): string[] {
  return [...text.matchAll(contentLinkPattern)].map((m) => m[2] ?? "");
}
