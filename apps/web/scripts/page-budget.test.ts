/**
 * The JavaScript each built page makes the browser load before anyone touches it (counted by
 * page-javascript.mjs, as bench/lighthouse.bench.mjs reports it): at most 15 KB gzip on every
 * prerendered content page, which loads the enhancement script alone, while the support console
 * still loads React Router and its app. Bytes are deterministic, so this asserts them. Needs the
 * web build (`npm run build`).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { siteManifestSchema } from "@hourline/contracts/site-manifest";
import { describe, expect, it } from "vitest";
import { pageJavaScript } from "./page-javascript.mjs";

const buildDir = process.env.SITE_DIR ?? new URL("../build", import.meta.url).pathname;
const clientDir = join(buildDir, "client");
const manifest = siteManifestSchema.parse(
  JSON.parse(readFileSync(join(buildDir, "site-manifest.json"), "utf8")),
);
const BUDGET = 15 * 1024;

describe("JavaScript a page loads", () => {
  it.each([...manifest.pages, manifest.notFound].map((p) => [p.path, p.file] as const))(
    "%s loads the enhancement script alone, within 15 KB gzip",
    (_path, file) => {
      const js = pageJavaScript(clientDir, readFileSync(join(clientDir, file), "utf8"));
      expect(js.files).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
      expect(js.inlineScripts).toBe(0);
      expect(js.gzipBytes).toBeLessThanOrEqual(BUDGET);
    },
  );

  it("the support console still loads React Router and its app", () => {
    expect(manifest.apps).toHaveLength(1);
    const html = readFileSync(join(clientDir, manifest.apps[0]?.file ?? ""), "utf8");
    const js = pageJavaScript(clientDir, html);
    expect(html).toContain("window.__reactRouterContext");
    expect(js.files).toContainEqual(expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/));
    expect(js.files).toContainEqual(expect.stringMatching(/^\/assets\/root-[\w-]+\.js$/));
    expect(js.files.some((f) => f.includes("enhance-"))).toBe(false);
    expect(js.gzipBytes).toBeGreaterThan(BUDGET);
  });
});

describe("pageJavaScript", () => {
  function site(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), "page-js-"));
    for (const [name, body] of Object.entries(files)) {
      mkdirSync(join(dir, name, ".."), { recursive: true });
      writeFileSync(join(dir, name), body);
    }
    return dir;
  }
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;

  it("counts scripts, module preloads and inline module imports, following static imports", () => {
    const files = {
      "assets/a.js": 'import { b } from "./b.js"; const later = () => import("./lazy.js"); b();',
      "assets/b.js": 'import "./c.js"; export const b = () => 1;',
      "assets/c.js": "console.log('c');",
      "assets/lazy.js": "console.log('only when asked');",
      "assets/pre.js": "export const pre = 1;",
      "assets/inline-target.js": "export const t = 1;",
    };
    const dir = site(files);
    const inline = 'import "/assets/inline-target.js";';
    const html =
      `<head><script type="module" src="/assets/a.js"></script>` +
      `<link rel="modulepreload" href="/assets/pre.js"/>` +
      `<script type="application/ld+json">{"@type":"Thing"}</script>` +
      `<script type="speculationrules">{"prerender":[]}</script>` +
      `<script type="module">${inline}</script></head>`;
    const js = pageJavaScript(dir, html);
    expect(js.files).toEqual([
      "/assets/a.js",
      "/assets/b.js",
      "/assets/c.js",
      "/assets/inline-target.js",
      "/assets/pre.js",
    ]);
    expect(js.inlineScripts).toBe(1);
    const expected =
      gz(files["assets/a.js"]) +
      gz(files["assets/b.js"]) +
      gz(files["assets/c.js"]) +
      gz(files["assets/pre.js"]) +
      gz(files["assets/inline-target.js"]) +
      gz(inline);
    expect(js.gzipBytes).toBe(expected);
  });
});
