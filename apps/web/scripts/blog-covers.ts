/**
 * Blog covers drawn from each post's own data, in one visual language: a Hourline window on the
 * brand's canvas, showing the screen the post is about (a board, a timesheet, a calendar or a
 * register), with the post's first tag in the window's title bar. Light and dark palettes follow
 * the reader's colour scheme. Run by the web build (`npm run build`) before the site is bundled;
 * `blog-covers.test.ts` holds the committed covers to this output.
 *
 *   tsx scripts/blog-covers.ts          writes public/images/blog/<slug>.svg for every post
 */
import { writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listPosts, type PostSummary } from "../app/content/blog/posts";

export type CoverScreen = "board" | "timesheet" | "calendar" | "register";

/** Which screen a post's cover shows, from its tags: the first tag that names one wins. */
const screenByTag: Record<string, CoverScreen> = {
  kanban: "board",
  scrum: "board",
  "project management": "board",
  attendance: "timesheet",
  "check-ins": "timesheet",
  "time tracking": "timesheet",
  timesheets: "timesheet",
  leave: "calendar",
  holidays: "calendar",
  "holiday planner": "calendar",
  assets: "register",
  inventory: "register",
};

export function coverScreen(post: Pick<PostSummary, "tags" | "id">): CoverScreen {
  for (const tag of post.tags) {
    const screen = screenByTag[tag.toLowerCase()];
    if (screen) return screen;
  }
  throw new Error(
    `Blog post ${post.id}: none of its tags (${post.tags.join(", ")}) names a cover screen; add one to screenByTag`,
  );
}

/** What a cover shows, for its alternative text. */
export const screenDescriptions: Record<CoverScreen, string> = {
  board: "a Hourline board with To Do, In Progress and Done columns of cards",
  timesheet: "a Hourline timesheet with a week of hours in rows and colored time blocks",
  calendar: "a Hourline month calendar with days off and holidays marked",
  register: "a Hourline register listing items, who holds them and their status",
};

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

/** A small deterministic sequence from the post's id, so covers of one screen still differ. */
function seeded(id: number): () => number {
  let s = (id * 2654435761) % 4294967296;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const W = 1200;
const H = 675;
/** The window the screen is drawn in. */
const win = { x: 110, y: 90, w: 980, h: 495 };
const body = { x: win.x + 40, y: win.y + 96, w: win.w - 80, h: win.h - 136 };

function board(rand: () => number): string {
  const cols = [
    { tone: "brand", cards: 2 + Math.floor(rand() * 2) },
    { tone: "accent", cards: 2 },
    { tone: "teal", cards: 1 + Math.floor(rand() * 3) },
  ];
  const gap = 24;
  const cw = (body.w - gap * 2) / 3;
  return cols
    .map((col, i) => {
      const x = body.x + i * (cw + gap);
      let out = `<rect x="${x}" y="${body.y}" width="${cw}" height="${body.h}" rx="16" class="sunken"/>`;
      out += `<rect x="${x + 18}" y="${body.y + 20}" width="${70 + i * 24}" height="14" rx="7" class="${col.tone}"/>`;
      out += `<rect x="${x + cw - 46}" y="${body.y + 16}" width="28" height="22" rx="11" class="surface"/>`;
      for (let c = 0; c < col.cards; c++) {
        const y = body.y + 56 + c * 96;
        out += `<rect x="${x + 14}" y="${y}" width="${cw - 28}" height="80" rx="12" class="surface line"/>`;
        out += `<rect x="${x + 30}" y="${y + 18}" width="${Math.round((cw - 100) * (0.6 + rand() * 0.4))}" height="12" rx="6" class="ink"/>`;
        out += `<rect x="${x + 30}" y="${y + 46}" width="54" height="18" rx="6" class="${col.tone}-soft"/>`;
        out += `<circle cx="${x + cw - 44}" cy="${y + 55}" r="12" class="brand"/>`;
      }
      return out;
    })
    .join("");
}

function timesheet(rand: () => number): string {
  const rows = 5;
  const label = 150;
  const dayW = (body.w - label - 90) / 5;
  let out = "";
  for (let d = 0; d < 5; d++) {
    out += `<rect x="${body.x + label + d * dayW + 12}" y="${body.y}" width="${dayW - 40}" height="12" rx="6" class="muted"/>`;
  }
  for (let r = 0; r < rows; r++) {
    const y = body.y + 34 + r * 64;
    out += `<rect x="${body.x}" y="${y - 8}" width="${body.w}" height="56" rx="12" class="${r % 2 ? "surface" : "sunken"}"/>`;
    out += `<circle cx="${body.x + 26}" cy="${y + 20}" r="14" class="brand"/>`;
    out += `<rect x="${body.x + 52}" y="${y + 14}" width="${60 + Math.round(rand() * 30)}" height="12" rx="6" class="ink"/>`;
    for (let d = 0; d < 5; d++) {
      const hours = 0.35 + rand() * 0.65;
      const tone = rand() < 0.2 ? "accent" : rand() < 0.5 ? "teal" : "brand";
      out += `<rect x="${body.x + label + d * dayW + 12}" y="${y + 8}" width="${Math.round((dayW - 24) * hours)}" height="24" rx="8" class="${tone}-soft"/>`;
    }
    out += `<rect x="${body.x + body.w - 70}" y="${y + 12}" width="54" height="16" rx="8" class="ink"/>`;
  }
  return out;
}

function calendar(rand: () => number): string {
  const cols = 7;
  const rows = 5;
  const gap = 10;
  const cw = (body.w - gap * (cols - 1)) / cols;
  const ch = (body.h - 30 - gap * (rows - 1)) / rows;
  let out = "";
  for (let c = 0; c < cols; c++) {
    out += `<rect x="${body.x + c * (cw + gap) + 10}" y="${body.y}" width="40" height="12" rx="6" class="muted"/>`;
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = body.x + c * (cw + gap);
      const y = body.y + 30 + r * (ch + gap);
      const weekend = c >= 5;
      out += `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="10" class="${weekend ? "sunken" : "surface line"}"/>`;
      out += `<rect x="${x + 10}" y="${y + 10}" width="18" height="10" rx="5" class="muted"/>`;
      const mark = rand();
      if (!weekend && mark < 0.16) {
        out += `<rect x="${x + 8}" y="${y + ch - 28}" width="${cw - 16}" height="18" rx="6" class="accent-soft"/>`;
      } else if (!weekend && mark < 0.3) {
        out += `<rect x="${x + 8}" y="${y + ch - 28}" width="${cw - 16}" height="18" rx="6" class="teal-soft"/>`;
      }
    }
  }
  return out;
}

function register(rand: () => number): string {
  const rows = 5;
  let out = `<rect x="${body.x}" y="${body.y}" width="${body.w}" height="36" rx="10" class="sunken"/>`;
  for (const [x, w] of [
    [24, 120],
    [380, 90],
    [620, 80],
  ] as const) {
    out += `<rect x="${body.x + x}" y="${body.y + 12}" width="${w}" height="12" rx="6" class="muted"/>`;
  }
  for (let r = 0; r < rows; r++) {
    const y = body.y + 52 + r * 62;
    out += `<rect x="${body.x}" y="${y}" width="${body.w}" height="52" rx="10" class="surface line"/>`;
    out += `<rect x="${body.x + 16}" y="${y + 12}" width="28" height="28" rx="8" class="brand-soft"/>`;
    out += `<rect x="${body.x + 58}" y="${y + 20}" width="${140 + Math.round(rand() * 120)}" height="12" rx="6" class="ink"/>`;
    out += `<circle cx="${body.x + 392}" cy="${y + 26}" r="12" class="brand"/>`;
    out += `<rect x="${body.x + 412}" y="${y + 20}" width="${70 + Math.round(rand() * 50)}" height="12" rx="6" class="muted"/>`;
    const tone = rand() < 0.3 ? "accent" : "teal";
    out += `<rect x="${body.x + 620}" y="${y + 14}" width="96" height="24" rx="12" class="${tone}-soft"/>`;
    out += `<rect x="${body.x + body.w - 90}" y="${y + 20}" width="60" height="12" rx="6" class="muted"/>`;
  }
  return out;
}

const screens: Record<CoverScreen, (rand: () => number) => string> = {
  board,
  timesheet,
  calendar,
  register,
};

/** The palettes: the site's own (app.css), light and dark. */
const style = `
.canvas{fill:#e0e7ff}.glow{fill:#a5b4fc;opacity:.35}.window{fill:#fbfaf7}.surface{fill:#ffffff}
.sunken{fill:#f2f0ea}.line{stroke:#e3e0d8;stroke-width:2}.ink{fill:#161826;opacity:.78}
.muted{fill:#4d5366;opacity:.4}.brand{fill:#4338ca}.brand-soft{fill:#e0e7ff}.accent{fill:#f59e0b}
.accent-soft{fill:#fde68a}.teal{fill:#0f766e}.teal-soft{fill:#99f6e4}.bar{fill:#3730a3}
.title{fill:#ffffff;font:700 26px system-ui,-apple-system,"Segoe UI",sans-serif}
@media (prefers-color-scheme:dark){
.canvas{fill:#0d0f17}.glow{fill:#4338ca;opacity:.3}.window{fill:#151826}.surface{fill:#1b1f30}
.sunken{fill:#0d0f17}.line{stroke:#2a2f45}.ink{fill:#eef0f7;opacity:.8}.muted{fill:#a9afc4;opacity:.45}
.brand{fill:#a5b4fc}.brand-soft{fill:#23264a}.accent{fill:#fbbf24}.accent-soft{fill:#3a2e12}
.teal{fill:#5eead4}.teal-soft{fill:#123a37}.bar{fill:#23264a}}`
  .trim()
  .replace(/\n/g, "");

/** The SVG of one post's cover. */
export function blogCover(post: Pick<PostSummary, "id" | "tags">): string {
  const screen = coverScreen(post);
  const rand = seeded(post.id);
  const tag = escapeXml(post.tags[0] ?? "");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<style>${style}</style>`,
    `<rect width="${W}" height="${H}" class="canvas"/>`,
    `<circle cx="${1060 - (post.id % 3) * 40}" cy="70" r="190" class="glow"/>`,
    `<circle cx="${120 + (post.id % 4) * 30}" cy="640" r="160" class="glow"/>`,
    `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}" rx="28" class="window"/>`,
    `<path d="M${win.x} ${win.y + 28}a28 28 0 0 1 28-28h${win.w - 56}a28 28 0 0 1 28 28v36h-${win.w}z" class="bar"/>`,
    `<circle cx="${win.x + 34}" cy="${win.y + 32}" r="8" class="accent"/>`,
    `<circle cx="${win.x + 58}" cy="${win.y + 32}" r="8" class="teal-soft"/>`,
    `<text x="${win.x + 86}" y="${win.y + 41}" class="title">Hourline · ${tag}</text>`,
    screens[screen](rand),
    `</svg>`,
    "",
  ].join("\n");
}

/** The cover's path under public/, from the post's `image` field. */
export function coverFile(post: Pick<PostSummary, "image" | "id">): string {
  if (!/^\/images\/blog\/[a-z0-9-]+\.svg$/.test(post.image)) {
    throw new Error(`Blog post ${post.id}: image ${post.image} is not /images/blog/<slug>.svg`);
  }
  return resolve(
    fileURLToPath(new URL("../public/images/blog/", import.meta.url)),
    basename(post.image),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const posts = await listPosts();
  for (const post of posts) writeFileSync(coverFile(post), blogCover(post));
  console.log(`blog covers: ${posts.length} written`);
}
