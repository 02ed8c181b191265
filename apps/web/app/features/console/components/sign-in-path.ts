/**
 * The sign-in page's address, carrying where to return afterwards and why the agent is there. Only
 * console addresses are ever returned to, so the parameter cannot send anyone to another site.
 */
export const consoleHome = "/console";

/**
 * Navigation state for the sign-in page when the console has just learnt there is no session
 * (asked, expired or signed out), so the page does not ask the server again.
 */
export const noSessionState = { noSession: true } as const;

export function knownSignedOut(state: unknown): boolean {
  return typeof state === "object" && state !== null && "noSession" in state;
}

/** Any origin will do: only whether a path stays on it, and where, matters. */
const resolveBase = "https://console.invalid";

export function signInPath(
  next: string | null,
  reason: { expired?: boolean; signedOut?: boolean } = {},
): string {
  const params = new URLSearchParams();
  const back = next === null ? null : resolvedConsolePath(next);
  if (back && back !== consoleHome) params.set("next", back);
  if (reason.expired) params.set("reason", "expired");
  if (reason.signedOut) params.set("reason", "signed-out");
  const query = params.toString();
  return `${consoleHome}/sign-in${query ? `?${query}` : ""}`;
}

/**
 * `path` as the browser resolves it (dot segments, encoded or not, backslashes, tabs and line
 * breaks), when that is a console page other than the sign-in page; null otherwise.
 */
function resolvedConsolePath(path: string): string | null {
  if (!/^\/console(?:[/?#]|$)/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, resolveBase);
  } catch {
    return null;
  }
  const inside = url.pathname === consoleHome || url.pathname.startsWith(`${consoleHome}/`);
  if (url.origin !== resolveBase || !inside || url.pathname.startsWith(`${consoleHome}/sign-in`)) {
    return null;
  }
  return url.pathname + url.search + url.hash;
}

/** A path inside the console (never `//host`, never another origin, never the sign-in page). */
export function isConsolePath(path: string): boolean {
  return resolvedConsolePath(path) !== null;
}

export function returnPath(next: string | null): string {
  return (next === null ? null : resolvedConsolePath(next)) ?? consoleHome;
}
