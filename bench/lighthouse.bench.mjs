// Lighthouse (13.x, mobile, default simulated throttling) on every page of the sitemap, against the
// built server, with the gzip JavaScript each page loads before any interaction. Budget:
// performance 100 (at least 98 on the heaviest), accessibility, best practices and SEO 100,
// CLS 0, TBT at most 20 ms, and at most 15 KB of gzip JavaScript on a content page. The last lines
// name every page that misses one of them.
//
// LIGHTHOUSE_PAGES="/,/pricing" measures only those paths. The machine may be shared: a page whose
// performance score is under 100 is measured again (LIGHTHOUSE_RETRIES times, default 2) and the
// best run is reported, with every run's score in the "runs" column so a dip stays visible.
// A page Lighthouse cannot measure after its retries is reported as failed; the others still are.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pageJavaScript } from "../apps/web/scripts/page-javascript.mjs";
import { ensureBuild, printTable, root, startProcess, waitForHttp } from "./tools.mjs";

const LIGHTHOUSE = "lighthouse@13.5.0";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3203);
const retries = Number(process.env.LIGHTHOUSE_RETRIES ?? 2);
const chromium = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const clientDir = join(root, "apps/web/build/client");

ensureBuild();

const xmlEntities = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

/** Every page the sitemap lists, as a path. */
function sitemapPaths() {
  const xml = readFileSync(join(clientDir, "sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1].replace(/&(?:amp|lt|gt|quot|apos);/g, (e) => xmlEntities[e])).pathname,
  );
}

/** The client-rendered apps (the console): their document is the build's SPA fallback. */
const apps = JSON.parse(readFileSync(join(root, "apps/web/build/site-manifest.json"), "utf8")).apps;

function jsKilobytes(path) {
  const app = apps.find((a) => a.path === path);
  const file = app
    ? app.file
    : path === "/"
      ? "index.html"
      : `${decodeURIComponent(path).slice(1)}/index.html`;
  const { gzipBytes } = pageJavaScript(clientDir, readFileSync(join(clientDir, file), "utf8"));
  return (gzipBytes / 1024).toFixed(1);
}

const pages = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(",").map((p) => p.trim())
  : sitemapPaths();

const dir = mkdtempSync(join(tmpdir(), "hourline-lh-"));
const server = startProcess(process.execPath, [join(root, "apps/server/dist/server.js")], {
  env: { ...process.env, PORT: String(port), DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn" },
});

function lighthouse(path, run) {
  const out = join(dir, `${path.replace(/\W+/g, "_") || "home"}-${run}.json`);
  const { status, stderr } = spawnSync(
    "npm",
    [
      "exec",
      "--yes",
      `--package=${LIGHTHOUSE}`,
      "--",
      "lighthouse",
      `http://127.0.0.1:${port}${path}`,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ],
    { encoding: "utf8", env: { ...process.env, CHROME_PATH: chromium } },
  );
  if (status !== 0) throw new Error(`lighthouse failed on ${path}: ${stderr}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (id) => Math.round(report.categories[id].score * 100);
  const ms = (id) => Math.round(report.audits[id].numericValue);
  return {
    version: report.lighthouseVersion,
    perf: score("performance"),
    a11y: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: ms("largest-contentful-paint"),
    fcp: ms("first-contentful-paint"),
    tbt: ms("total-blocking-time"),
    cls: report.audits["cumulative-layout-shift"].numericValue,
    failed: Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id),
  };
}

try {
  await waitForHttp(`http://127.0.0.1:${port}/readyz`);
  const rows = [];
  const misses = [];
  let version = "";
  for (const path of pages) {
    // A run Lighthouse itself gives up on (it happens on a busy machine) counts as a retry.
    const runs = [];
    for (let run = 0; run <= retries && !(runs.at(-1)?.perf >= 100); run++) {
      try {
        runs.push(lighthouse(path, run));
      } catch (error) {
        console.error(error.message);
      }
    }
    if (runs.length === 0) {
      process.exitCode = 1;
      rows.push([path, "failed", "", "", "", "", "", "", "", "", "", ""]);
      continue;
    }
    const best = runs.reduce((a, b) => (b.perf > a.perf ? b : a));
    version = best.version;
    const js = Number(jsKilobytes(path));
    const missed = [
      best.perf < 100 && `performance ${best.perf}`,
      best.a11y < 100 && `accessibility ${best.a11y}`,
      best.bestPractices < 100 && `best practices ${best.bestPractices}`,
      best.seo < 100 && `SEO ${best.seo}`,
      best.cls > 0.0005 && `CLS ${best.cls.toFixed(3)}`,
      best.tbt > 20 && `TBT ${best.tbt} ms`,
      js > 15 && `JavaScript ${js} KB`,
    ].filter(Boolean);
    if (missed.length > 0) misses.push(`${path}: ${missed.join(", ")}`);
    console.error(`${path}: performance ${runs.map((r) => r.perf).join(", ")}`);
    rows.push([
      path,
      best.perf,
      best.a11y,
      best.bestPractices,
      best.seo,
      `${best.lcp} ms`,
      `${best.fcp} ms`,
      `${best.tbt} ms`,
      best.cls.toFixed(3),
      `${js.toFixed(1)} KB`,
      runs.map((r) => r.perf).join(" "),
      best.failed.join(" "),
    ]);
  }
  console.log(`Lighthouse ${version}, mobile, simulated throttling, this machine\n`);
  printTable(
    [
      "page",
      "perf",
      "a11y",
      "best pr.",
      "SEO",
      "LCP",
      "FCP",
      "TBT",
      "CLS",
      "JS gzip",
      "runs",
      "failed audits",
    ],
    rows,
  );
  console.log(
    misses.length === 0
      ? `\nEvery one of the ${rows.length} pages meets every budget.`
      : `\n${misses.length} of ${rows.length} pages miss a budget:\n${misses.join("\n")}`,
  );
} finally {
  await server.stop();
}
