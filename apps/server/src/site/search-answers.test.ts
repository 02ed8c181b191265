/**
 * The search pages answered by the server (`/blogs?q=`, `/help?q=`): the page with the results for
 * the query in place, what is read from a hostile query string, compression and headers. Needs the
 * web build (`npm run build`).
 */
import { gunzipSync } from "node:zlib";
import type { HelpSearchData } from "@hourline/contracts/site-search";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../test/helpers";
import { searchAnswers, searchRequest } from "./search-answers";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

const status = (html: string) => /role="status"[^>]*>([^<]*)</.exec(html)?.[1];
/** The help answers listed (their cards). */
const answers = (html: string) => html.match(/class="card block p-5 /g)?.length ?? 0;
const boxValue = (html: string) => /<input[^>]*name="q" value="([^"]*)"/.exec(html)?.[1];

describe("search answers", () => {
  it("answers /blogs?q= with the matching posts in the page", async () => {
    const res = await app.inject({ url: "/blogs?q=kanban" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(status(res.body)).toBe("3 posts match “kanban”.");
    expect(boxValue(res.body)).toBe("kanban");
    const cards = [...res.body.matchAll(/href="(\/blog-details\/\d+)" class="mt-4/g)].map(
      (m) => m[1],
    );
    expect(cards.slice(0, 2).sort()).toEqual(["/blog-details/7", "/blog-details/8"]);
    expect(res.body).toContain("<h1");
    expect(res.body).toContain("</html>");
  });

  it("answers /help?q= with the first answers, and all of them with all=1", async () => {
    const first = await app.inject({ url: "/help?q=time" });
    const total = Number(/^(\d+) answers for “time”/.exec(status(first.body) ?? "")?.[1]);
    expect(total).toBeGreaterThan(8);
    expect(answers(first.body)).toBe(8);
    const all = await app.inject({ url: "/help?q=time&all=1" });
    expect(answers(all.body)).toBe(total);
    expect(answers((await app.inject({ url: "/help" })).body)).toBe(0);
  });

  it("serves the prerendered page, with its ETag, when the query asks for nothing", async () => {
    const plain = await app.inject({ url: "/blogs" });
    for (const url of ["/blogs?q=", "/blogs?q=%20%20", "/blogs?utm_source=mail", "/help?all=1"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      if (url.startsWith("/blogs")) expect(res.body, url).toBe(plain.body);
      expect(res.headers.etag, url).toBeDefined();
    }
  });

  it("makes a hostile query harmless: escaped, cut to 200 characters", async () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const res = await app.inject({ url: `/blogs?q=${encodeURIComponent(hostile)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).not.toContain("<img src=x");
    expect(boxValue(res.body)).toBe(
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;",
    );
    const long = await app.inject({ url: `/help?q=${"a".repeat(20_000)}` });
    expect(long.statusCode).toBe(200);
    expect(boxValue(long.body)).toBe("a".repeat(200));
    for (const url of ["/blogs?q=%E0%A4%A", "/blogs?q=%ZZ&q=second", "/help?q=%00%01%7F"]) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it("keeps the page's CSP and caching rules, and compresses when asked", async () => {
    const page = await app.inject({ url: "/help" });
    const res = await app.inject({ url: "/help?q=leave", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(status(gunzipSync(res.rawPayload).toString("utf8"))).toMatch(/answers for “leave”/);
  });

  it("redirects another casing to the canonical path with the query kept", async () => {
    const res = await app.inject({ url: "/Blogs/?q=kanban" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/blogs?q=kanban");
  });
});

describe("searchAnswers", () => {
  it("refuses a page that does not hold its search block exactly once", () => {
    const data: HelpSearchData = {
      page: "help",
      docs: [],
      suggestions: [],
      supportEmail: "a@b.example",
    };
    expect(() => searchAnswers("/help", "<main></main>", data)).toThrow(/exactly once/);
  });
});

describe("searchRequest", () => {
  it("reads q and all=1 only, and nothing from an empty query", () => {
    expect(searchRequest("")).toBeNull();
    expect(searchRequest("q=")).toBeNull();
    expect(searchRequest("ref=x")).toBeNull();
    expect(searchRequest("q=leave+balance&all=1&x=y")).toEqual({
      query: "leave balance",
      showAll: true,
    });
    expect(searchRequest("q=a&q=b")).toEqual({ query: "a", showAll: false });
  });
});
