/**
 * One build, any origin: the build carries stand-in origins, and the server serves every page,
 * feed and script with its own PUBLIC_URL and APP_URL in their place, in every encoding, with the
 * ETag and the Content-Security-Policy hashes of what it actually sends. Needs the web build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { appUrlStandIn, publicUrlStandIn } from "@hourline/contracts/site-origins";
import { siteManifestSchema } from "@hourline/contracts/site-manifest";
import { inlineScriptHashes } from "@hourline/contracts/site-script-hashes";
import { testApp, testConfig } from "../../test/helpers";

const PUBLIC_URL = "https://www.hourline-customer.example";
const APP_URL = "https://work.hourline-customer.example";

let app: FastifyInstance;
const siteDir = testConfig().siteDir;
const manifest = siteManifestSchema.parse(
  JSON.parse(readFileSync(join(siteDir, "site-manifest.json"), "utf8")),
);

beforeAll(async () => {
  app = await testApp({ PUBLIC_URL, APP_URL });
});
afterAll(async () => app.close());

async function get(url: string, encoding?: "br" | "gzip") {
  const res = await app.inject({
    url,
    headers: encoding ? { "accept-encoding": encoding } : {},
  });
  const raw = res.rawPayload;
  const text =
    res.headers["content-encoding"] === "br"
      ? brotliDecompressSync(raw).toString("utf8")
      : res.headers["content-encoding"] === "gzip"
        ? gunzipSync(raw).toString("utf8")
        : raw.toString("utf8");
  return { res, text };
}

describe("a build without PUBLIC_URL served at another origin", () => {
  it("was built with the stand-ins (what this suite proves the server replaces)", () => {
    expect(manifest.publicUrl).toBe(publicUrlStandIn);
    expect(manifest.appUrl).toBe(appUrlStandIn);
  });

  it("names the served origin in canonical, Open Graph, JSON-LD and the sign-in buttons", async () => {
    const { text } = await get("/pricing");
    expect(text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/pricing"/>`);
    expect(text).toContain(`<meta property="og:url" content="${PUBLIC_URL}/pricing"/>`);
    expect(text).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/`));
    expect(text).toContain(`"item":"${PUBLIC_URL}/pricing"`);
    expect((await get("/")).text).toContain(`"url":"${PUBLIC_URL}"`);
    expect(text).toContain(`href="${APP_URL}/register"`);
    expect(text).not.toContain("hourline.invalid");
  });

  it("serves the same filled text in brotli, gzip and identity, under one ETag", async () => {
    for (const path of [
      "/",
      "/pricing",
      "/sitemap.xml",
      ...manifest.pages.slice(0, 5).map((p) => p.path),
    ]) {
      const plain = await get(path);
      const br = await get(path, "br");
      const gz = await get(path, "gzip");
      expect(br.res.headers["content-encoding"]).toBe("br");
      expect(gz.res.headers["content-encoding"]).toBe("gzip");
      expect(br.text).toBe(plain.text);
      expect(gz.text).toBe(plain.text);
      expect(plain.text).not.toContain("hourline.invalid");
      expect(br.res.headers.etag).toBe(plain.res.headers.etag);
      const again = await app.inject({
        url: path,
        headers: { "if-none-match": String(plain.res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it("allows exactly the inline scripts each page sends", async () => {
    for (const p of manifest.pages) {
      const { res, text } = await get(p.path);
      const csp = String(res.headers["content-security-policy"]);
      for (const hash of inlineScriptHashes(text)) expect(csp).toContain(`'${hash}'`);
    }
  });

  it("lists the served origin in the sitemap and robots.txt", async () => {
    const sitemap = (await get("/sitemap.xml", "br")).text;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // Every page but the two that answer the plain contact form (noindex, never listed).
    const answers = Object.values(manifest.contactForm);
    expect(locs).toHaveLength(manifest.pages.length - answers.length);
    for (const path of answers) expect(locs).not.toContain(`${PUBLIC_URL}${path}`);
    for (const loc of locs) expect(loc?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const robots = (await get("/robots.txt")).text;
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("leaves no stand-in in any page, feed or script it serves", async () => {
    const paths = [
      ...manifest.pages.map((p) => p.path),
      "/robots.txt",
      "/sitemap.xml",
      "/site.webmanifest",
      ...manifest.search.map((s) => `/${s.data}`),
    ];
    for (const path of paths) {
      const { res, text } = await get(path, "br");
      if (res.statusCode === 404 && path === "/site.webmanifest") continue;
      expect(res.statusCode, path).toBe(200);
      expect(text, path).not.toContain("hourline.invalid");
    }
    const notFound = await get("/no-such-page", "gzip");
    expect(notFound.text).not.toContain("hourline.invalid");
  });

  it("fills the scripts' origins too", async () => {
    const builtScripts = readFileSync(join(siteDir, "client", "index.html"), "utf8").match(
      /\/assets\/[\w.-]+\.js/g,
    );
    expect(builtScripts?.length).toBeGreaterThan(0);
    for (const script of new Set(builtScripts)) {
      expect((await get(script, "br")).text).not.toContain("hourline.invalid");
    }
  });
});
