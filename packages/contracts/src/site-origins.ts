/**
 * The origins a web build carries. A build made without PUBLIC_URL / APP_URL prints these stand-ins
 * (reserved `.invalid` names, which nothing else on a page can contain) in canonical links, Open Graph
 * tags, JSON-LD, the sitemap, robots.txt and the sign-in buttons; the server puts the configured
 * origins in their place when it loads the build, so one build deploys at any address.
 */
export const publicUrlStandIn = "https://public-url.hourline.invalid";
export const appUrlStandIn = "https://app-url.hourline.invalid";

export interface OriginFill {
  /** The origin the build carries. */
  built: string;
  /** The origin this deployment is reached at. */
  served: string;
}

/** Characters an origin written into HTML, XML, JSON and JavaScript may hold as they are. */
const safeOrigin = /^https?:\/\/[A-Za-z0-9.\-[\]:]+(?:\/[\w.~%/-]*)?$/;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A function that rewrites every built origin in a text to its served one, or null when nothing
 * differs. An origin followed by more host or port characters (`http://localhost:30001`) is another
 * origin and stays as it is.
 */
export function originFiller(fills: readonly OriginFill[]): ((text: string) => string) | null {
  const changed = fills.filter((f) => f.built !== f.served);
  if (changed.length === 0) return null;
  for (const f of changed) {
    if (!safeOrigin.test(f.served)) {
      throw new Error(
        `${f.served} cannot be written into the pages: an origin holds only letters, digits, dots, hyphens, a port and a plain path`,
      );
    }
  }
  const served = new Map(changed.map((f) => [f.built, f.served]));
  const pattern = new RegExp(
    `(?:${changed.map((f) => escapeRegExp(f.built)).join("|")})(?![\\w:-]|\\.\\w)`,
    "g",
  );
  return (text) => text.replace(pattern, (built) => served.get(built) ?? built);
}
