/**
 * The chat launcher stays visible over whatever section it passes: on every page at 390 and 1366 px,
 * the page is scrolled through a window at a time, and at each stop what is drawn behind the
 * launcher (the launcher hidden, the area it and its ring cover captured) is held against the
 * launcher's own colours. WCAG 2.2's non-text contrast asks 3:1 between the component and what
 * is next to it; the launcher meets it when its body or its white ring does, pixel by pixel.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { listPosts } from "../app/content/blog/posts";
import { staticPageRoutes } from "../app/site";
import { answerMapTiles, expect, test } from "./fixtures";

const posts = await listPosts();
const paths = [...staticPageRoutes.map((r) => r.path), `/blog-details/${posts[0]?.id ?? 1}`];
const viewports = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];
/** The ring drawn around the launcher (app.css, .floating-button): 3 px of white, then 1 px. */
const RING_PX = 4;

type Rgb = readonly [number, number, number];

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The pixels of a PNG, as RGB triples. */
async function pixels(png: Buffer): Promise<Rgb[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out: Rgb[] = [];
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    out.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
  }
  return out;
}

/** One pixel of the page as drawn now. */
async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
    animations: "disabled",
  });
  const [first] = await pixels(png);
  if (!first) throw new Error("no pixel read");
  return first;
}

/** The launcher's colours as drawn: its body clear of the icon, and its ring just outside it. */
async function launcherColours(page: Page): Promise<{ body: Rgb; ring: Rgb }> {
  const box = await page.locator("[data-chat-launcher]").boundingBox();
  if (!box) throw new Error("the launcher is not drawn");
  const centre = box.x + box.width / 2;
  return {
    body: await pixelAt(page, centre, box.y + 6),
    ring: await pixelAt(page, centre, box.y - 2),
  };
}

/** What is drawn where the launcher and its ring sit, with the launcher hidden. */
async function behindLauncher(page: Page): Promise<Rgb[]> {
  const launcher = page.locator("[data-chat-launcher]");
  const box = await launcher.boundingBox();
  if (!box) throw new Error("the launcher is not drawn");
  await launcher.evaluate((el) => (el.style.visibility = "hidden"));
  const png = await page.screenshot({
    clip: {
      x: box.x - RING_PX,
      y: box.y - RING_PX,
      width: box.width + 2 * RING_PX,
      height: box.height + 2 * RING_PX,
    },
    animations: "disabled",
  });
  await launcher.evaluate((el) => (el.style.visibility = ""));
  return pixels(png);
}

test.describe.configure({ mode: "parallel" });
test.setTimeout(120_000);

for (const path of paths) {
  test(`${path}: the chat launcher stands out at 3:1 over every section`, async ({ page }) => {
    await answerMapTiles(page);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await page.goto(encodeURI(path), { waitUntil: "load" });
      await expect(page.locator("[data-chat-launcher]")).toBeVisible();
      const { body, ring } = await launcherColours(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += Math.round(viewport.height * 0.6)) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
        const behind = await behindLauncher(page);
        // Anti-aliased text edges are blends; the colours that fill the area are what is judged.
        const faint = behind.filter(
          (px) => Math.max(contrast(body, px), contrast(ring, px)) < 3,
        ).length;
        expect(
          faint / behind.length,
          `${path} at ${viewport.width}px, scrolled to ${y}: share of the area behind the launcher where neither its body nor its ring stands out`,
        ).toBeLessThan(0.03);
      }
    }
  });
}

const WHITE: Rgb = [255, 255, 255];

test("the contrast measure tells a launcher lost on its own colour from one with a ring", () => {
  const purple: Rgb = [124, 58, 237];
  expect(contrast(purple, purple)).toBe(1);
  expect(contrast(WHITE, [0, 0, 0])).toBeCloseTo(21, 5);
  // On purple, the white ring carries it; on white, the body does; on a mid grey, both are weak.
  expect(Math.max(contrast(purple, purple), contrast(WHITE, purple))).toBeGreaterThan(3);
  expect(Math.max(contrast(purple, WHITE), contrast(WHITE, WHITE))).toBeGreaterThan(3);
  const grey: Rgb = [150, 150, 150];
  expect(Math.max(contrast(purple, grey), contrast(WHITE, grey))).toBeLessThan(3);
});
