/**
 * Runs after `react-router build`. Checks that every page of the route table was prerendered, copies
 * in the islands build (the enhancement script and what it loads on demand), writes the search data
 * of the blog and the help center, sitemap.xml and robots.txt from the route table, the social card
 * and icons, the hashes of each page's inline scripts (the server's Content-Security-Policy allows
 * exactly those), precompressed brotli and gzip copies of every text file, and
 * build/site-manifest.json, which is all the server needs to know about the site.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { emptyContactCheckBlock } from "@hourline/contracts/contact-form-html";
import type { SearchData } from "@hourline/contracts/site-search";
import { searchBlock, searchDataUrl } from "@hourline/contracts/site-search-html";
import { inlineScriptHashes } from "@hourline/contracts/site-script-hashes";
import type { ManifestPage, SiteManifest } from "@hourline/contracts/site-manifest";
import { islandsBuildDir, setBuildEnv, webBuildDir } from "../islands-build";
import {
  assetUrl,
  consoleFirstRoutes,
  consoleSignedOutRoutes,
  preloadedModules,
  readRouteManifest,
  routeModules,
  withRoutePreloads,
  withStylesheetAndSessionFirst,
} from "./app-preloads";

// The same origins as the pages were rendered with (stand-ins unless given): set before the site's
// modules are loaded, since the brand reads them once.
setBuildEnv();
const { brand } = await import("../app/brand");
const { blogSearchData } = await import("../app/features/search/blog-search");
const { helpSearchData } = await import("../app/features/search/help-search");
const { listPages } = await import("../app/page-paths");
const {
  answerRoutes,
  appRoutes,
  contactCheckPath,
  contactThanksPath,
  handoffRoutes,
  notFoundPrerenderPath,
} = await import("../app/site");
const { writeIcons } = await import("./icons");

const buildDir = webBuildDir;
const clientDir = join(buildDir, "client");

// The enhancement script and its islands, built before React Router's build emptied this directory.
cpSync(join(islandsBuildDir, "assets"), join(clientDir, "assets"), { recursive: true });

function htmlFileFor(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** The page React Router writes for every route it did not prerender (the console's routes). */
const CLIENT_RENDERED_PAGE = "__spa-fallback.html";

function page(path: string, lastmod: string, file = htmlFileFor(path)): ManifestPage {
  const full = join(clientDir, file);
  if (!existsSync(full)) throw new Error(`Page ${path} was not prerendered (missing ${file})`);
  return { path, file, lastmod, scriptHashes: inlineScriptHashes(readFileSync(full, "utf8")) };
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

// The console's first screen loads with React Router instead of after it (./app-preloads.ts).
{
  const file = join(clientDir, CLIENT_RENDERED_PAGE);
  const html = readFileSync(file, "utf8");
  const routes = readRouteManifest(clientDir);
  const preloaded = withRoutePreloads(html, routes, consoleFirstRoutes);
  const signedOut = routeModules(routes, consoleSignedOutRoutes).filter(
    (url) => !preloadedModules(preloaded).has(url),
  );
  const session = assetUrl(clientDir, "console-session");
  writeFileSync(file, withStylesheetAndSessionFirst(preloaded, session, signedOut));
}

const buildDate = new Date().toISOString().slice(0, 10);
const concretePages = await listPages();
const pages: ManifestPage[] = concretePages.map((p) => page(p.path, p.lastmod ?? buildDate));
const notFoundPage = page(notFoundPrerenderPath, buildDate);
// Pages that answer a form post: served like the others, never in the sitemap (they are noindex).
const answerPages: ManifestPage[] = answerRoutes.map((r) => page(r.path, buildDate));

const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<?xml-stylesheet type="text/css" href="/sitemap.css"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...pages.map(
    (p) =>
      `  <url><loc>${escapeXml(brand.publicUrl + p.path)}</loc><lastmod>${p.lastmod}</lastmod></url>`,
  ),
  "</urlset>",
  "",
].join("\n");
writeFileSync(join(clientDir, "sitemap.xml"), sitemap);
writeFileSync(
  join(clientDir, "robots.txt"),
  `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${brand.publicUrl}/sitemap.xml\n`,
);

await writeIcons(clientDir, concretePages);

// The page the server answers a refused plain post with must hold the empty form block once.
{
  const html = readFileSync(join(clientDir, htmlFileFor(contactCheckPath)), "utf8");
  const block = emptyContactCheckBlock();
  const at = html.indexOf(block);
  if (at === -1 || html.indexOf(block, at + 1) !== -1) {
    throw new Error(`${contactCheckPath} does not hold the contact form block exactly once`);
  }
}

/**
 * The search data of each search page, where the browser fetches it for live results and the server
 * reads it to answer `?q=`. The page must hold the search block rendered from exactly this data, or
 * the server could not put its answers in place.
 */
const searchPages: { path: string; data: SearchData }[] = [
  { path: "/blogs", data: await blogSearchData() },
  { path: "/help", data: (await helpSearchData()).data },
];
mkdirSync(join(clientDir, "search"), { recursive: true });
const search = searchPages.map(({ path, data }) => {
  const html = readFileSync(join(clientDir, htmlFileFor(path)), "utf8");
  const block = searchBlock(data, "");
  const at = html.indexOf(block);
  if (at === -1 || html.indexOf(block, at + 1) !== -1) {
    throw new Error(`${path} does not hold its search block exactly once`);
  }
  const file = searchDataUrl[data.page].slice(1);
  writeFileSync(join(clientDir, file), JSON.stringify(data));
  return { path, data: file };
});

const manifest: SiteManifest = {
  version: 1,
  builtAt: new Date().toISOString(),
  publicUrl: brand.publicUrl,
  appUrl: brand.appUrl,
  pages: [...pages, ...answerPages],
  notFound: notFoundPage,
  apps: appRoutes.map((a) => page(a.path, buildDate, CLIENT_RENDERED_PAGE)),
  handoffs: handoffRoutes.map((h) => ({ path: h.path, target: h.target })),
  search,
  contactForm: { thanks: contactThanksPath, check: contactCheckPath },
};
writeFileSync(join(buildDir, "site-manifest.json"), JSON.stringify(manifest, null, 2));

// Precompress every text file worth compressing; the server picks the variant the client accepts.
const compressible = /\.(?:html|js|css|svg|xml|xsl|txt|json|webmanifest|data)$/;
let compressed = 0;
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (compressible.test(name) && statSync(full).size >= 512) {
      const body = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      compressed++;
    }
  }
}
walk(clientDir);

console.log(
  `postbuild: ${pages.length} pages, sitemap and robots.txt written, ${compressed} files precompressed ` +
    `in ${relative(process.cwd(), clientDir)}`,
);
