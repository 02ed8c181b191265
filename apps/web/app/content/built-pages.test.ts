/**
 * The content of the built site, page by page, as a visitor receives it without JavaScript: each
 * page has substantial copy of its own, no paragraph is copied between pages (content that is
 * meant to repeat, such as FAQ answers shown on a feature page and on /faqs, is recognized from its
 * module), no filler or template words, and every percentage and price comes from its module.
 * Needs the web build (`npm run build`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claims } from "./claims";
import { faqSets, helpFaq } from "./faqs";
import { estimateExample, meteredPrices, monthlyEstimate, plan, usd } from "./pricing";
import { testimonials } from "./testimonials";
import { listPages } from "../page-paths";
import { featureGroups, pageRoutes } from "../site";
import { listPosts } from "./blog/posts";

const clientDir = join(
  process.env.SITE_DIR ?? new URL("../../build", import.meta.url).pathname,
  "client",
);

function decode(s: string): string {
  return s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

function textOf(html: string): string {
  return decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^<>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

interface BuiltPage {
  path: string;
  main: string;
  paragraphs: string[];
  words: number;
}

async function builtPages(): Promise<BuiltPage[]> {
  return (await listPages()).map(({ path }) => {
    const file = join(clientDir, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
    const html = readFileSync(file, "utf8");
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
    const paragraphs = [...main.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)]
      .map((m) => textOf(m[1] ?? ""))
      .filter((p) => p.length >= 80);
    const text = textOf(main);
    return { path, main: text, paragraphs, words: text.split(" ").length };
  });
}

/**
 * Text that is meant to appear on more than one page, each from its one module: FAQ answers,
 * testimonials, post summaries (list, post and knowledge base), the route table's summaries.
 */
const sharedByDesign = new Set(
  [
    ...(await listPosts()).map((p) => p.description),
    ...featureGroups.map((g) => g.summary),
    ...pageRoutes.map((r) => r.description),
    ...faqSets.flatMap((s) => s.items.map((i) => i.answer)),
    ...helpFaq.map((i) => i.answer),
    ...testimonials.map((t) => `“${t.text}”`),
    ...testimonials.map((t) => t.text),
    plan.description,
  ].flatMap((t) => t.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, " ").trim())),
);

describe("built pages", async () => {
  if (!existsSync(clientDir)) {
    throw new Error(`No web build at ${clientDir}: run "npm run build" first (npm test does).`);
  }
  const pages = await builtPages();

  it("are all there", () => {
    expect(pages.length).toBeGreaterThanOrEqual(47);
  });

  it.each(pages.map((p) => [p.path, p] as const))("%s has substantial copy", (_path, page) => {
    expect(page.words).toBeGreaterThanOrEqual(150);
  });

  it("share no paragraph between pages except content made to repeat", () => {
    const seen = new Map<string, string>();
    const copies: string[] = [];
    for (const page of pages) {
      for (const p of new Set(page.paragraphs)) {
        if (sharedByDesign.has(p)) continue;
        const first = seen.get(p);
        if (first && first !== page.path)
          copies.push(`${first} and ${page.path}: ${p.slice(0, 90)}…`);
        else seen.set(p, page.path);
      }
    }
    expect(copies).toEqual([]);
  });

  it("contain no filler or template words", () => {
    const banned =
      /lorem|ipsum|dolor sit|placeholder|hoogle|best customer service software|\btodo\b|\btbd\b/i;
    const hits = pages
      .filter((p) => banned.test(p.main))
      .map((p) => `${p.path}: ${banned.exec(p.main)?.[0]}`);
    expect(hits).toEqual([]);
  });

  it("state only the percentages of the claims module", () => {
    const allowed = new Set(Object.values(claims).map(String));
    const stray = pages.flatMap((p) =>
      [...p.main.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)\s?%/g)]
        .map((m) => m[1] ?? "")
        .filter((n) => !allowed.has(n))
        .map((n) => `${p.path}: ${n}%`),
    );
    expect(stray).toEqual([]);
  });

  it("state only the prices of the pricing module", () => {
    // The list's own prices, and the pricing page's worked estimate computed from them.
    const example = monthlyEstimate(estimateExample.people, estimateExample.storageGb);
    const allowed = new Set([
      ...[...plan.metered, ...plan.included].map((l) => l.price).filter((p) => p.startsWith("$")),
      ...[
        meteredPrices.perEmployee,
        meteredPrices.perGb,
        example.employeesCost,
        example.storageCost,
        example.platformFee,
        example.total,
      ].map((n) => usd.format(n)),
    ]);
    const stray = pages.flatMap((p) =>
      [...p.main.matchAll(/\$\s?\d+(?:\.\d+)?/g)]
        .map((m) => m[0].replace(/\s/g, ""))
        .filter((price) => !allowed.has(price))
        .map((price) => `${p.path}: ${price}`),
    );
    expect(stray).toEqual([]);
  });
});
