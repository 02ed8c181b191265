/**
 * A link crawler over the served site: from the home page and the sitemap, every same-origin link
 * and asset on every page is followed; each must answer 200 (or a redirect to a page that does, or
 * to the app for the sign-in hand-offs), and a link to `#id` must find that id on its page. Needs
 * the web build.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { testApp } from "../../test/helpers";

const PUBLIC_URL = "https://www.crawl.example";
const APP_URL = "https://app.crawl.example";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ PUBLIC_URL, APP_URL });
});
afterAll(async () => app.close());

function decode(s: string): string {
  return s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

/** Same-origin URLs an HTML page points at: links, images, scripts, styles, icons. */
function references(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
    const raw = decode(m[1] ?? "");
    if (raw.startsWith(PUBLIC_URL)) found.push(raw.slice(PUBLIC_URL.length) || "/");
    else if (raw.startsWith("/") && !raw.startsWith("//")) found.push(raw);
    else if (raw.startsWith("#") && raw.length > 1) found.push(raw);
  }
  return found;
}

describe("link crawler", () => {
  it(
    "finds no broken link, asset or fragment anywhere on the site",
    { timeout: 120_000 },
    async () => {
      const sitemap = (await app.inject({ url: "/sitemap.xml" })).body;
      const start = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => decode(m[1] ?? "").slice(PUBLIC_URL.length) || "/",
      );
      const queue = ["/", ...start];
      const pages = new Map<string, string>();
      const checked = new Map<string, number>();
      const broken: string[] = [];
      const fragments: { from: string; path: string; id: string }[] = [];

      const fetchPath = async (
        path: string,
      ): Promise<{ status: number; body: string; type: string }> => {
        let url = path;
        for (let hops = 0; hops < 3; hops++) {
          const res = await app.inject({ url: encodeURI(url) });
          if (res.statusCode === 301 || res.statusCode === 302) {
            const location = String(res.headers.location);
            if (location.startsWith(APP_URL)) return { status: 200, body: "", type: "handoff" };
            url = decodeURI(
              location.startsWith(PUBLIC_URL) ? location.slice(PUBLIC_URL.length) : location,
            );
            continue;
          }
          return {
            status: res.statusCode,
            body: res.body,
            type: String(res.headers["content-type"]),
          };
        }
        return { status: 310, body: "", type: "" };
      };

      while (queue.length > 0) {
        const path = queue.shift() ?? "/";
        if (pages.has(path)) continue;
        const page = await fetchPath(path);
        if (!page.type.startsWith("text/html")) continue;
        pages.set(path, page.body);
        for (const ref of references(page.body)) {
          if (ref.startsWith("#")) {
            fragments.push({ from: path, path, id: ref.slice(1) });
            continue;
          }
          const [target = "/", id] = ref.split("#");
          const bare = target.split("?")[0] ?? "/";
          if (id) fragments.push({ from: path, path: bare, id });
          if (!checked.has(target)) {
            const res = await fetchPath(target);
            checked.set(target, res.status);
            if (res.status !== 200) broken.push(`${path} -> ${target} (${res.status})`);
            else if (res.type.startsWith("text/html") && !target.includes("?")) queue.push(bare);
          }
        }
      }

      for (const f of fragments) {
        const html = pages.get(f.path) ?? (await fetchPath(f.path)).body;
        if (!html.includes(`id="${f.id}"`))
          broken.push(`${f.from} -> ${f.path}#${f.id} (no such id)`);
      }
      expect(broken).toEqual([]);
      expect(pages.size).toBeGreaterThanOrEqual(start.length);
      expect(checked.size).toBeGreaterThan(80);
    },
  );
});
