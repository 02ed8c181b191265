/**
 * Speculation Rules for the content pages: a same-origin link the visitor hovers (or starts to
 * press) is prerendered, so the next page shows at once. Never the console, the API, the sockets or
 * the hand-offs to the app: those have effects, need a session or leave the site.
 */
import { appRoutes, handoffRoutes } from "./site";

/** Path prefixes owned by the server's API and sockets. */
const serverPrefixes = ["/api", "/ws"];

export function speculationRules(): string {
  const never = [
    ...appRoutes.flatMap((a) => [a.path, `${a.path}/*`]),
    ...handoffRoutes.map((h) => h.path),
    ...serverPrefixes.map((p) => `${p}/*`),
  ];
  return JSON.stringify({
    prerender: [
      {
        source: "document",
        where: {
          and: [
            { href_matches: "/*" },
            { not: { href_matches: never } },
            { not: { selector_matches: "[rel~=nofollow], [download], [target=_blank]" } },
          ],
        },
        eagerness: "moderate",
      },
    ],
  });
}
