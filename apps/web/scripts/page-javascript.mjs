// @ts-check
/**
 * The JavaScript a built page makes the browser load before anyone touches it: every script and
 * module preload its HTML names, every module those import statically (followed transitively),
 * the imports of its inline module scripts (they run at once), and the inline scripts' own text.
 * Each file counts once, by its gzip size (level 9). Code behind a dynamic `import()` in a file is
 * not counted: it loads only when that code runs. Shared by the page budget test and
 * bench/lighthouse.bench.mjs, so both report the same figure.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";

await init;

/** Script types the browser runs; data blocks (JSON-LD, speculation rules) are not JavaScript. */
const EXECUTABLE = new Set(["", "module", "text/javascript", "application/javascript"]);

/** @param {string} tag @param {string} name */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? match[1] : undefined;
}

/** @param {Buffer | string} body */
const gzipSize = (body) => gzipSync(body, { level: 9 }).length;

/**
 * @param {string} source
 * @param {boolean} includeDynamic
 * @returns {string[]} the import specifiers of an ES module
 */
function importsOf(source, includeDynamic) {
  const [imports] = parse(source);
  return imports
    .filter((i) => i.n !== undefined && (i.d === -1 || (includeDynamic && i.d >= 0)))
    .map((i) => /** @type {string} */ (i.n));
}

/**
 * @param {string} clientDir the build's client directory (what the server serves at `/`)
 * @param {string} html the page's HTML
 * @returns {{ files: string[]; inlineScripts: number; gzipBytes: number }}
 */
export function pageJavaScript(clientDir, html) {
  return appJavaScript(clientDir, html, []);
}

/**
 * What a client-rendered React Router page loads before anyone touches it: the page's own
 * JavaScript (as pageJavaScript counts it) plus the modules of the routes it renders, each with
 * the modules React Router's manifest lists for it and their static imports. The route modules
 * load right after start-up, so they count as much as the scripts the HTML names.
 * @param {string} clientDir the build's client directory
 * @param {string} html the page's HTML
 * @param {string[]} routeIds the ids of the routes the page renders (root is counted already)
 * @returns {{ files: string[]; inlineScripts: number; gzipBytes: number }}
 */
export function appJavaScript(clientDir, html, routeIds) {
  /** @type {Set<string>} */
  const files = new Set();
  let gzipBytes = 0;
  let inlineScripts = 0;

  /** @param {string} specifier @param {string} from the URL path of the importing document */
  const follow = (specifier, from) => {
    const url = new URL(specifier, `http://site${from}`);
    if (url.host !== "site" || files.has(url.pathname)) return;
    files.add(url.pathname);
    const body = readFileSync(join(clientDir, url.pathname));
    gzipBytes += gzipSize(body);
    for (const next of importsOf(body.toString("utf8"), false)) follow(next, url.pathname);
  };

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const tag = match[1] ?? "";
    const type = attribute(tag, "type") ?? "";
    if (!EXECUTABLE.has(type)) continue;
    const src = attribute(tag, "src");
    if (src) {
      follow(src, "/");
      continue;
    }
    const body = match[2] ?? "";
    if (body.trim() === "") continue;
    inlineScripts++;
    gzipBytes += gzipSize(body);
    if (type === "module") for (const next of importsOf(body, true)) follow(next, "/");
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(match[0], "rel");
    const href = attribute(match[0], "href");
    if (
      href &&
      (rel === "modulepreload" || (rel === "preload" && attribute(match[0], "as") === "script"))
    ) {
      follow(href, "/");
    }
  }
  if (routeIds.length > 0) {
    const routes = routeManifest(clientDir, files);
    for (const id of routeIds) {
      const route = routes[id];
      if (!route) throw new Error(`React Router's manifest has no route "${id}"`);
      for (const module of [route.module, ...(route.imports ?? [])]) follow(module, "/");
    }
  }
  return { files: [...files].sort(), inlineScripts, gzipBytes };
}

/**
 * The routes of React Router's client manifest: the page loads it (`/assets/manifest-*.js`).
 * @param {string} clientDir
 * @param {Set<string>} files the URL paths of the files the page loads
 * @returns {Record<string, { module: string; imports?: string[] }>}
 */
function routeManifest(clientDir, files) {
  const names = [...files].filter((f) => /^\/assets\/manifest-[\w-]+\.js$/.test(f));
  if (names.length !== 1)
    throw new Error(`expected one React Router manifest, found ${names.length}`);
  const prefix = "window.__reactRouterManifest=";
  const source = readFileSync(join(clientDir, names[0] ?? ""), "utf8").trim();
  if (!source.startsWith(prefix))
    throw new Error("React Router's manifest is not in the expected form");
  return JSON.parse(source.slice(prefix.length).replace(/;$/, "")).routes;
}
