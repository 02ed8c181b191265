/**
 * The content of the built site, page by page, as a visitor receives it without JavaScript (every
 * prerendered page: the content pages, the pages that answer the plain contact form, the 404
 * page): each content page has substantial copy of its own, no paragraph is copied between pages (content that is
 * meant to repeat, such as FAQ answers shown on a feature page and on /faqs, is recognized from its
 * module), no filler or template words, and every percentage and price comes from its module.
 * Needs the web build (`npm run build`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appLinks } from "../brand";
import { businessesSource, claims, surveySource } from "./claims";
import { cancellation, commercialFacts, noTrial } from "./commercial-facts";
import { faqSets, helpFaq } from "./faqs";
import { estimateExample, meteredPrices, monthlyEstimate, plan, usd } from "./pricing";
import { testimonials } from "./testimonials";
import { listPages } from "../page-paths";
import { answerRoutes, featureGroups, notFoundPrerenderPath, pageRoutes } from "../site";
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
  /** A page of content (the route table's pages and posts), not one that answers a form or a 404. */
  content: boolean;
  /** The page's whole HTML as served. */
  html: string;
  /** All the visible text of the page, header and footer too. */
  text: string;
  main: string;
  paragraphs: string[];
  words: number;
}

/** Every page the build prerendered: the content pages, the form answers and the 404 page. */
async function builtPages(): Promise<BuiltPage[]> {
  const content = new Set((await listPages()).map((p) => p.path));
  const paths = [...content, ...answerRoutes.map((r) => r.path), notFoundPrerenderPath];
  return paths.map((path) => {
    const file = join(clientDir, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
    const html = readFileSync(file, "utf8");
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
    const paragraphs = [...main.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)]
      .map((m) => textOf(m[1] ?? ""))
      .filter((p) => p.length >= 80);
    const text = textOf(main);
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
    return {
      path,
      content: content.has(path),
      html,
      text: textOf(body),
      main: text,
      paragraphs,
      words: text.split(" ").length,
    };
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
    // The sources of the figures, printed beside them wherever they appear.
    surveySource,
    businessesSource,
  ].flatMap((t) => t.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, " ").trim())),
);

describe("built pages", async () => {
  if (!existsSync(clientDir)) {
    throw new Error(`No web build at ${clientDir}: run "npm run build" first (npm test does).`);
  }
  const pages = await builtPages();

  it("are all there", () => {
    expect(pages.filter((p) => p.content).length).toBeGreaterThanOrEqual(47);
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/contact-us/thanks", "/contact-us/check", "/404"]),
    );
  });

  it.each(pages.filter((p) => p.content).map((p) => [p.path, p] as const))(
    "%s has substantial copy",
    (_path, page) => {
      expect(page.words).toBeGreaterThanOrEqual(150);
    },
  );

  it("share no paragraph between pages except content made to repeat", () => {
    const seen = new Map<string, string>();
    const copies: string[] = [];
    // The form answers repeat the contact page's ways to reach us on purpose.
    for (const page of pages.filter((p) => p.content)) {
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

  describe("agree with the commercial facts (commercial-facts.ts)", () => {
    const hits = (re: RegExp) =>
      pages.flatMap((p) => [...p.text.matchAll(re)].map((m) => `${p.path}: ${m[0]}`));

    it("promise no trial and nothing free to start, since there is none", () => {
      expect(commercialFacts.trial).toBe("none");
      expect(
        hits(/free trial|trial period|\b(?:start(?:ed)?|try)\b[^.]{1,20}for free\b/gi),
      ).toEqual([]);
      // Wherever a trial is mentioned, it is to say there is none, in the one wording.
      // (A question may ask about one; every answer is the one wording.)
      const trials = pages.filter((p) =>
        p.main
          .replaceAll(noTrial, "")
          .split(/(?<=[.?!])\s+/)
          .some((sentence) => !sentence.endsWith("?") && /\btrial\b/i.test(sentence)),
      );
      expect(trials.map((p) => p.path)).toEqual([]);
    });

    it("print every price in one format, with cents", () => {
      const oneFormat = /^\$\d{1,3}(?:,\d{3})*\.\d{2}$/;
      const prices = hits(/\$[\d.,]*\d/g);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.filter((h) => !oneFormat.test(h.slice(h.indexOf(": ") + 2)))).toEqual([]);
    });

    it("give every sign-up link the one label", () => {
      const labels = pages.flatMap((p) =>
        [...p.html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)]
          .filter((m) => m[1]?.endsWith(new URL(appLinks.signUp).pathname) || m[1] === "/sign-up")
          .map((m) => textOf(m[2] ?? "")),
      );
      expect(labels.length).toBeGreaterThan(pages.length);
      expect(new Set(labels)).toEqual(new Set([commercialFacts.signUpLabel]));
      expect(hits(/\b(?:get started|create your workspace|register now|start now)\b/gi)).toEqual(
        [],
      );
    });

    it("tell cancellation one way: no other story of the last invoice or of access", () => {
      expect(
        hits(
          /days used|end of the current (?:usage )?cycle|not deactivated|any period already invoiced/gi,
        ),
      ).toEqual([]);
      const told = pages.filter((p) => p.text.includes(cancellation.billing)).map((p) => p.path);
      expect(told).toEqual(
        expect.arrayContaining(["/pricing", "/help", "/refund-and-cancellation-policy", "/terms"]),
      );
    });

    it("date every policy the same day", () => {
      const policies = [
        "/terms",
        "/policy",
        "/refund-and-cancellation-policy",
        "/shipping-and-delivery-policy",
      ];
      const dates = policies.map((path) => {
        const page = pages.find((p) => p.path === path);
        return [path, /<time[^>]*datetime="([\d-]+)"/i.exec(page?.main ? page.html : "")?.[1]];
      });
      expect(dates).toEqual(policies.map((p) => [p, commercialFacts.policiesUpdated]));
    });

    it("are written in American spelling", () => {
      expect(commercialFacts.spelling).toBe("American");
      const british =
        /^(?:\w+is(?:ed|ing|ations?)|colours?|behaviours?|favour\w*|centres?|licence|catalogues?|cancell(?:ed|ing)|programmes?|travell\w+|labell\w+|modelling|enrol|fulfil|judgement|whilst|amongst|honour\w*|labour|defence|cheques?|grey)$/i;
      // Words whose -is- is not the British -ize.
      const allowed =
        /^(?:advertis|promis|rais|pois|precis|revis|supervis|advis|devis|compris|surpris|exercis|improvis|franchis|merchandis|despis|disguis|premis|prais|cruis|vis|wis|bruis|aris|ris)/i;
      const found = pages.flatMap((p) =>
        p.text
          .split(/[^a-z]+/i)
          .filter((w) => british.test(w) && !allowed.test(w))
          .map((w) => `${p.path}: ${w}`),
      );
      expect(found).toEqual([]);
    });
  });

  it("print every survey percentage with its source", () => {
    const percent = /(?<![\d.])\d+(?:\.\d+)?\s?%/;
    const unsourced = pages
      .filter((p) => percent.test(p.main) && !p.main.includes(surveySource))
      .map((p) => p.path);
    expect(unsourced).toEqual([]);
  });
});
