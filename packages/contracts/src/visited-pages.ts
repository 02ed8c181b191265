/**
 * The same-origin pages a visitor has seen in this tab, kept in sessionStorage (gone when the tab
 * closes) by the enhancement script and read by the chat widget when a chat starts. Paths only:
 * no query strings, fragments or other origins. No zod here, so the enhancement script stays small.
 */
import { stripFormatControls } from "./text";

export const visitorContextLimits = { pages: 20, pathLength: 200, timeZoneLength: 64 } as const;

/** The sessionStorage key of this tab's visited paths (a JSON array, oldest first). */
export const visitedPagesStorageKey = "hourline.pages";

// C0, DEL, C1 and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A same-origin path without its query string or fragment, or undefined. "//host" (protocol-
 * relative), backslashes (read as slashes by browsers), schemes such as "javascript:" and anything
 * not starting with "/" would point elsewhere, so they are dropped.
 */
export function cleanPagePath(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  // The names' rule: bidirectional and zero-width controls dropped, so "/pricing" + U+202E +
  // "gnp.exe" cannot show an agent "/pricingexe.png".
  const path = stripFormatControls(value).split(/[?#]/, 1)[0] ?? "";
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return undefined;
  if (path.length > visitorContextLimits.pathLength || CONTROL_CHARACTERS.test(path)) {
    return undefined;
  }
  return path;
}

/** Paths of this site that are no public page: the API, the sockets, the console. */
const NOT_A_PUBLIC_PAGE = /^\/(?:api|ws|console)(?:[/.]|$)/i;

/**
 * Whether a visitor's path may be a link in the console: a public page of this site, never the
 * API, a socket or the console itself (a visitor could make an agent click an action there).
 */
export function isPublicPagePath(path: string): boolean {
  return cleanPagePath(path) === path && !NOT_A_PUBLIC_PAGE.test(path);
}

/** What of sessionStorage is used here (contracts are built without the DOM's types). */
export interface PageStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** This tab's visited paths, oldest first; [] when storage is unavailable or holds nonsense. */
export function readVisitedPages(storage: PageStore | undefined): string[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(visitedPagesStorageKey) ?? "[]");
    if (!Array.isArray(stored)) return [];
    return stored.map(cleanPagePath).filter((p): p is string => p !== undefined);
  } catch {
    return [];
  }
}

/** Adds a path (unless it is the last one already), keeping only the newest few. */
export function recordVisitedPage(storage: PageStore | undefined, pathname: string): void {
  const path = cleanPagePath(pathname);
  if (!path || !storage) return;
  const pages = readVisitedPages(storage);
  if (pages.at(-1) === path) return;
  pages.push(path);
  try {
    storage.setItem(
      visitedPagesStorageKey,
      JSON.stringify(pages.slice(-visitorContextLimits.pages)),
    );
  } catch {
    // Storage full or refused: the chat simply knows fewer pages.
  }
}
