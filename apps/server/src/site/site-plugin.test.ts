/**
 * The built site as the server serves it: every route of the route table answers 200 with its
 * prerendered title and h1 (no JavaScript involved), canonical redirects, hand-offs, the 404 page,
 * the sitemap, caching and compression. Needs the web build (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { listPosts } from "../../../web/app/content/blog/posts";
import { handoffRoutes, staticPageRoutes } from "../../../web/app/site";
import { fullTitle } from "../../../web/app/seo";
import { testApp } from "../../test/helpers";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

function decodeEntities(s: string): string {
  return s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function titleOf(html: string): string | undefined {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return m?.[1] === undefined ? undefined : decodeEntities(m[1]);
}

function h1Of(html: string): string | undefined {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m?.[1] === undefined ? undefined : decodeEntities(m[1].replace(/<[^<>]+>/g, "")).trim();
}

describe("prerendered pages", () => {
  it.each(staticPageRoutes.map((r) => [r.path, r] as const))(
    "%s answers 200 with its title and h1 in the HTML",
    async (path, route) => {
      const res = await app.inject({ url: encodeURI(path) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(titleOf(res.body)).toBe(fullTitle(route.path, route.title));
      expect(h1Of(res.body)).toBe(route.heading);
      expect(res.body.match(/<h1[\s>]/g)).toHaveLength(1);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1];
      expect(decodeEntities(canonical ?? "")).toBe(`http://localhost:3000${route.path}`);
    },
  );

  it("serves every blog post with its own title and h1", async () => {
    const posts = await listPosts();
    expect(posts.length).toBe(8);
    for (const post of posts) {
      const res = await app.inject({ url: `/blog-details/${post.id}` });
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toBe(`${post.title} | Hourline`);
      expect(h1Of(res.body)).toBe(post.title);
    }
  });

  it("reaches /trust&security also as /trust%26security", async () => {
    const res = await app.inject({ url: "/trust%26security" });
    expect(res.statusCode).toBe(200);
    expect(h1Of(res.body)).toBe("Trust and security at Hourline");
  });
});

describe("canonical redirects", () => {
  it.each([
    ["/About-us", "/about-us"],
    ["/blogs/", "/blogs"],
    ["/PRICING/", "/pricing"],
    ["/Blog-Details/3", "/blog-details/3"],
    ["/Trust&Security", "/trust&security"],
    ["/about-us/?ref=mail", "/about-us?ref=mail"],
  ])("%s answers 301 to %s", async (from, to) => {
    const res = await app.inject({ url: from });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it("keeps the home page at / without a redirect", async () => {
    expect((await app.inject({ url: "/" })).statusCode).toBe(200);
  });

  it("hands sign-in, sign-up and forgot-password to the app", async () => {
    expect(handoffRoutes.map((h) => h.path)).toEqual(["/sign-in", "/sign-up", "/forgot-password"]);
    const expected: Record<string, string> = {
      "/sign-in": "https://app.hourline.example/login",
      "/sign-up": "https://app.hourline.example/register",
      "/forgot-password": "https://app.hourline.example/forgot-password",
    };
    for (const [path, target] of Object.entries(expected)) {
      const res = await app.inject({ url: path });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(target);
    }
    expect((await app.inject({ url: "/Sign-In" })).headers.location).toBe("/sign-in");
  });
});

describe("not found", () => {
  it.each(["/nope", "/blog-details/999", "/blog-details/abc", "/404", "/about-us/extra"])(
    "%s answers 404 with the 404 page",
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(h1Of(res.body)).toBe("We could not find that page");
      expect(res.body).toContain('content="noindex"');
    },
  );

  it("answers a malformed percent-encoding with 400, not an error", async () => {
    const res = await app.inject({ url: "/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });

  it("never serves the 404 page's or the SPA fallback's HTML file directly", async () => {
    for (const url of ["/404/index.html", "/__spa-fallback.html", "/index.html"]) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });

  it("answers unknown API paths in JSON", async () => {
    const res = await app.inject({ url: "/api/nothing-here", method: "POST" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      error: { code: "not_found", message: "No such endpoint" },
    });
  });
});

describe("the support console", () => {
  it.each(["/console", "/console/sign-in", "/console/conversations/12", "/console/anything/else"])(
    "%s answers the client-rendering page, never indexed or shared-cached",
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(res.headers["cache-control"]).toBe("no-cache, private");
      // The bare document: none of the public site's header, footer or chat launcher.
      expect(res.body).toContain('"isSpaMode":true');
      expect(res.body).not.toContain("<header");
      expect(res.body).not.toContain("Open support chat");
      const scriptSrc =
        String(res.headers["content-security-policy"])
          .split("; ")
          .find((d) => d.startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("unsafe-inline");
      const { createHash } = await import("node:crypto");
      const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const m of inline) {
        const hash = createHash("sha256")
          .update(m[1] ?? "")
          .digest("base64");
        expect(scriptSrc).toContain(`'sha256-${hash}'`);
      }
    },
  );

  it.each([
    ["/Console", "/console"],
    ["/console/", "/console"],
    ["/CONSOLE/Contacts/?q=x", "/console/contacts?q=x"],
  ])("%s answers 301 to %s", async (from, to) => {
    const res = await app.inject({ url: from });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it("does not stretch to paths that merely start with the same letters", async () => {
    expect((await app.inject({ url: "/consoles" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/console-x/a" })).statusCode).toBe(404);
  });
});

describe("sitemap and robots", () => {
  it("lists exactly the public routes and blog posts", async () => {
    const res = await app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/xml/);
    expect(res.body).toContain('<?xml-stylesheet type="text/css" href="/sitemap.css"?>');
    // Its own policy lets the browser load the sheet that lays the list out, and nothing else.
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'; style-src 'self';/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      decodeEntities(m[1] ?? ""),
    );
    const posts = await listPosts();
    const expected = [
      ...staticPageRoutes.map((r) => `http://localhost:3000${r.path}`),
      ...posts.map((p) => `http://localhost:3000/blog-details/${p.id}`),
    ];
    expect(locs.sort()).toEqual(expected.sort());
    expect(res.body).not.toContain("/console");
    expect([...res.body.matchAll(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)]).toHaveLength(
      locs.length,
    );
  });

  it("serves the style sheet that shows the list to people", async () => {
    const res = await app.inject({ url: "/sitemap.css" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(res.body).toContain("sm|loc");
  });

  it("points robots.txt at the sitemap", async () => {
    const res = await app.inject({ url: "/robots.txt" });
    expect(res.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

describe("caching, compression and headers", () => {
  it("serves hashed assets as immutable and precompressed", async () => {
    const home = await app.inject({ url: "/" });
    const asset = /\/assets\/[^"]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    const br = await app.inject({ url: asset ?? "", headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-encoding"]).toBe("br");
    const gz = await app.inject({ url: asset ?? "", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ url: asset ?? "" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toMatch(/javascript/);
  });

  it("answers 304 to a matching If-None-Match and the build's bytes with the origins filled in", async () => {
    const first = await app.inject({ url: "/pricing" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: "/pricing", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { loadConfig } = await import("../config");
    const siteDir = loadConfig(
      process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {},
    ).siteDir;
    const { siteManifestSchema } = await import("@hourline/contracts/site-manifest");
    const { originFiller } = await import("@hourline/contracts/site-origins");
    const manifest = siteManifestSchema.parse(
      JSON.parse(readFileSync(join(siteDir, "site-manifest.json"), "utf8")),
    );
    const fill =
      originFiller([
        { built: manifest.publicUrl, served: "http://localhost:3000" },
        { built: manifest.appUrl, served: "https://app.hourline.example" },
      ]) ?? ((s: string) => s);
    const onDisk = readFileSync(join(siteDir, "client/pricing/index.html"), "utf8");
    expect(first.body).toBe(fill(onDisk));
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await app.inject({ url: "/about-us", method: "HEAD" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("revalidates HTML and sends it compressed when asked", async () => {
    const res = await app.inject({ url: "/pricing", headers: { "accept-encoding": "br" } });
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("sends the security headers, with a CSP that allows only the page's own inline scripts", async () => {
    const res = await app.inject({ url: "/" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    const { createHash } = await import("node:crypto");
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/ld\+json/.test(m[1] ?? ""))
      .map(
        (m) =>
          `'sha256-${createHash("sha256")
            .update(m[2] ?? "")
            .digest("base64")}'`,
      );
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(scriptSrc).toContain(hash);
  });

  it("adds HSTS when the public origin is https", async () => {
    const secure = await testApp({ PUBLIC_URL: "https://hourline.example" });
    try {
      const res = await secure.inject({ url: "/" });
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(String(res.headers["content-security-policy"])).toContain("wss://hourline.example");
    } finally {
      await secure.close();
    }
  });
});

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await app.inject({ url: "/healthz" })).json()).toEqual({
      status: 200,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      commit: expect.any(String),
    });
    expect((await app.inject({ url: "/readyz" })).json()).toEqual({ status: 200 });
  });
});
