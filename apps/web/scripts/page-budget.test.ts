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
import { appJavaScript, pageJavaScript } from "./page-javascript.mjs";

const buildDir = process.env.SITE_DIR ?? new URL("../build", import.meta.url).pathname;
const clientDir = join(buildDir, "client");
const manifest = siteManifestSchema.parse(
  JSON.parse(readFileSync(join(buildDir, "site-manifest.json"), "utf8")),
);
const BUDGET = 15 * 1024;
/**
 * The console's inbox before a conversation opens: the app shell plus the console, signed-in and
 * inbox routes. The brief allows 120 KB. With React the framework file alone was 104.9 KB and the
 * first load 162.5 KB after every split (docs/decisions/0052, 0057, 0058); the browser build runs on
 * Preact since (docs/decisions/0062): the framework file is 50 KB and the first load 105.4 KB. This
 * holds that figure, with the notification offer drawn with the frame and the alerts' presenter
 * and chime loaded with the first alert (docs/decisions/0059): it fails on any growth.
 * Admin screens, the open conversation and dialogs load on demand (docs/decisions/0052).
 */
const CONSOLE_BUDGET = 105.5 * 1024;
const consoleInboxRoutes = [
  "routes/console/console-layout",
  "routes/console/signed-in-layout",
  "console-inbox",
];

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

describe("JavaScript the console loads before a conversation opens", () => {
  const html = readFileSync(join(clientDir, manifest.apps[0]?.file ?? ""), "utf8");
  const js = appJavaScript(clientDir, html, consoleInboxRoutes);

  it(`stays within ${CONSOLE_BUDGET / 1024} KB gzip`, () => {
    expect(js.gzipBytes).toBeLessThanOrEqual(CONSOLE_BUDGET);
  });

  it("starts with one file for the first screen, and leaves the sign-in page for signed-out visits", () => {
    expect(js.files.filter((f) => f.startsWith("/assets/console-start-"))).toHaveLength(1);
    expect(js.files.filter((f) => /\/(?:console-)?sign-in-/.test(f))).toEqual([]);
    const signedOut =
      /<script type="module" async="" src="\/assets\/console-session-[\w-]+\.js" data-signed-out="([^"]+)">/.exec(
        html,
      );
    expect(signedOut?.[1]?.split(" ")).toEqual([
      expect.stringMatching(/^\/assets\/sign-in-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/console-sign-in-[\w-]+\.js$/),
      // What every console route's loader and action share: the team route takes it from here too.
      expect.stringMatching(/^\/assets\/console-route-data-[\w-]+\.js$/),
    ]);
  });

  it.each([
    "reports",
    "agents",
    "settings",
    "business-hours",
    "visitor-data",
    "canned-replies",
    "contacts",
    "conversation-view",
    "shortcuts-dialog",
    "team",
    "alert-presenter",
  ])("does not load %s until it is needed", (name) => {
    expect(js.files.filter((f) => f.startsWith(`/assets/${name}-`))).toEqual([]);
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

  it("adds the modules of the named routes from React Router's manifest, and refuses unknown ids", () => {
    const manifestJs =
      "window.__reactRouterManifest=" +
      JSON.stringify({
        routes: {
          shown: { module: "/assets/shown.js", imports: ["/assets/shared.js"] },
          other: { module: "/assets/other.js" },
        },
      }) +
      ";";
    const files = {
      "assets/manifest-abc.js": manifestJs,
      "assets/shown.js": 'import "./deep.js"; const l = () => import("./later.js");',
      "assets/shared.js": "export const s = 1;",
      "assets/deep.js": "export const d = 1;",
      "assets/other.js": "export const o = 1;",
      "assets/later.js": "export const l = 1;",
    };
    const dir = site(files);
    const html = `<script src="/assets/manifest-abc.js"></script>`;
    const js = appJavaScript(dir, html, ["shown"]);
    expect(js.files).toEqual([
      "/assets/deep.js",
      "/assets/manifest-abc.js",
      "/assets/shared.js",
      "/assets/shown.js",
    ]);
    expect(js.gzipBytes).toBe(
      gz(manifestJs) +
        gz(files["assets/shown.js"]) +
        gz(files["assets/shared.js"]) +
        gz(files["assets/deep.js"]),
    );
    expect(() => appJavaScript(dir, html, ["missing"])).toThrow(/no route "missing"/);
  });
});
