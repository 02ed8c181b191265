/**
 * The rule that a link in a chat message cannot hide where it leads, shared by the server's
 * sanitizer (before storing) and the browser's (before showing): when a link's text does not show
 * its destination, the destination is added to the text, as `Pay here (evil.example)`.
 */

/** Where a link leads, as a reader should see it: the host, or the address of a mailto: link. */
export function linkDestination(href: string): string | undefined {
  if (/^mailto:/i.test(href)) return href.slice("mailto:".length).split("?", 1)[0] || undefined;
  try {
    return new URL(href).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a link's text already shows where it leads: it is the URL, it starts with the host (a
 * leading scheme or `www.` aside, and followed by nothing or a path), or it ends with the
 * destination in parentheses.
 */
export function linkTextShowsDestination(
  label: string,
  href: string,
  destination: string,
): boolean {
  const text = label.trim().toLowerCase();
  const where = destination.toLowerCase();
  if (text === href.toLowerCase() || text.endsWith(`(${where})`)) return true;
  const bare = text.replace(/^(?:https?:\/\/|mailto:)/, "").replace(/^www\./, "");
  const host = where.replace(/^www\./, "");
  return (
    bare.startsWith(host) &&
    (bare.length === host.length || /^[/?#:]/.test(bare.slice(host.length)))
  );
}
