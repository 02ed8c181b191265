/**
 * Every page of the route table and every blog post, one test a page that opens it once per
 * viewport and runs there every check that viewport owns:
 *
 * - at 1280 px (light) and 375 px (dark): status 200, an h1, no sideways scrolling, axe clean,
 *   and axe's colour rules clean in the other scheme too (so both palettes meet axe at both
 *   layouts), no console error and no outside request (the guard fixture);
 * - at 375, 768, 1024 and 1280 px: the floating buttons (the chat launcher, back to top) cover no
 *   link or control where a visitor meets them at rest: the header and the first section as the
 *   page opens, and the whole window at the page's end (the footer and what sits above it). Every
 *   visible link, button and field there is tested against the floating buttons' boxes, and the
 *   element at its centre must not be a floating button;
 * - at 375 and 1280 px: the launcher stands out over every section it passes. The page is scrolled
 *   through a window at a time and, at each stop, what is drawn behind the launcher (launcher
 *   hidden) is held against the launcher's own colours: WCAG 2.2's non-text contrast asks 3:1
 *   between a component and what is next to it, met when its body or its white ring does, pixel
 *   by pixel.
 *
 * - at 320, 360 and 768 px (touch widths): the layout holds: no sideways scrolling, no text cut
 *   off by a box that hides its overflow or drawn outside the window, no word of an address or an
 *   e-mail address broken across lines, and every link, button and field a finger can reach is
 *   44x44 px or has 44x44 px of room to itself (WCAG 2.5.5's size, or its spacing alternative);
 *   links inside running text are exempt, as WCAG exempts them.
 *
 * - at 320, 360, 768 and 1280 px: no text overlaps the text of another element (a tab label under
 *   an arrow, a count run into its column's title).
 *
 * Blog posts share one template: every post gets the page checks, the first one the floating
 * checks too. The pages that answer the plain contact form get the page checks.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { listPosts } from "../app/content/blog/posts";
import { answerRoutes, staticPageRoutes } from "../app/site";
import {
  answerMapTiles,
  colourRules,
  expect,
  expectNoAxeViolations,
  switchScheme,
  test,
} from "./fixtures";

const posts = await listPosts();
const firstPost = `/blog-details/${posts[0]?.id ?? 1}`;
const pages = [
  ...staticPageRoutes.map((r) => ({ path: r.path, floating: true })),
  ...posts.map((p) => ({
    path: `/blog-details/${p.id}`,
    floating: `/blog-details/${p.id}` === firstPost,
  })),
  // The pages that answer the plain contact form (the check page as prerendered: the empty form).
  ...answerRoutes.map((r) => ({ path: r.path, floating: false })),
];

interface Viewport {
  width: number;
  height: number;
  scheme: "light" | "dark";
  /** Status, h1, sideways scrolling and axe. */
  page: boolean;
  /** The launcher's contrast over every section. */
  contrast: boolean;
  /** Overflow, clipped text, broken addresses and tap targets (touch widths). */
  layout: boolean;
  /** Text of one element drawn over the text of another. */
  overlap: boolean;
  /** The floating buttons' checks. */
  floating: boolean;
}

const viewports: Viewport[] = [
  {
    width: 320,
    height: 640,
    scheme: "light",
    page: false,
    contrast: false,
    layout: true,
    overlap: true,
    floating: false,
  },
  {
    width: 360,
    height: 740,
    scheme: "dark",
    page: false,
    contrast: false,
    layout: true,
    overlap: true,
    floating: false,
  },
  {
    width: 375,
    height: 812,
    scheme: "dark",
    page: true,
    contrast: true,
    layout: false,
    overlap: false,
    floating: true,
  },
  {
    width: 768,
    height: 1024,
    scheme: "light",
    page: false,
    contrast: false,
    layout: true,
    overlap: true,
    floating: true,
  },
  {
    width: 1024,
    height: 768,
    scheme: "light",
    page: false,
    contrast: false,
    layout: false,
    overlap: false,
    floating: true,
  },
  {
    width: 1280,
    height: 800,
    scheme: "light",
    page: true,
    contrast: true,
    layout: false,
    overlap: true,
    floating: true,
  },
];

/** The smallest target a finger hits reliably (WCAG 2.5.5), in CSS pixels. */
const TAP_PX = 44;

/**
 * What breaks a touch-width layout, described: sideways scrolling, text cut off or drawn outside
 * the window, an address or e-mail address broken inside a word, and targets too small and too close.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((tap) => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      !el.closest("[inert], .sr-only, [data-chat-launcher], [data-scroll-to-top]");
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 0) found.push(`the page scrolls sideways by ${overflow}px`);

    // Text: each text node's lines must lie within the window and within any box that clips it,
    // unless that box scrolls (a wide table in its own scroller is fine).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || !shown(el)) continue;
      if (el.closest("script, style, noscript, svg, [aria-hidden=true]")) continue;
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      let scroller = false;
      for (let box: HTMLElement | null = el; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === "auto" || style.overflowX === "scroll") {
          scroller = true;
          break;
        }
        if (style.overflowX === "hidden" || style.overflowX === "clip") {
          const b = box.getBoundingClientRect();
          if (left < b.left - 1 || right > b.right + 1) {
            found.push(`${name(el)} is cut off by ${name(box)}`);
          }
          break;
        }
      }
      if (!scroller && (left < -1 || right > innerWidth + 1)) {
        found.push(
          `${name(el)} runs outside the window (${Math.round(left)}-${Math.round(right)}px)`,
        );
      }
    }

    // Addresses and e-mail addresses: every word on one line.
    for (const el of document.querySelectorAll("address, a[href^='mailto:']")) {
      if (!shown(el)) continue;
      const text = el.textContent ?? "";
      const nodes: Text[] = [];
      const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) nodes.push(n as Text);
      for (const n of nodes) {
        for (const m of (n.textContent ?? "").matchAll(/\S+/g)) {
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1)
            found.push(`"${m[0]}" breaks across lines in "${text.trim().slice(0, 40)}"`);
        }
      }
    }

    // Tap targets: 44x44, or a 44x44 square around the target's centre that meets no other target.
    const targets = [
      ...document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]",
      ),
    ].filter((el) => {
      if (!shown(el)) return false;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      // A link inside running text is exempt (WCAG 2.5.5's inline exception).
      if (el.tagName === "A" && getComputedStyle(el).display === "inline") {
        const block = el.parentElement?.closest("p, li, dd, td, figcaption, blockquote");
        if (
          block &&
          (block.textContent ?? "").trim().length > (el.textContent ?? "").trim().length + 2
        )
          return false;
      }
      return true;
    });
    const boxes = targets.map((el) => ({ el, box: el.getBoundingClientRect() }));
    for (const { el, box } of boxes) {
      if (box.width >= tap - 0.5 && box.height >= tap - 0.5) continue;
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const area = {
        left: cx - tap / 2,
        right: cx + tap / 2,
        top: cy - tap / 2,
        bottom: cy + tap / 2,
      };
      const near = boxes.find(
        (o) =>
          o.el !== el &&
          !o.el.contains(el) &&
          !el.contains(o.el) &&
          o.box.left < area.right &&
          o.box.right > area.left &&
          o.box.top < area.bottom &&
          o.box.bottom > area.top,
      );
      if (near) {
        found.push(
          `${name(el)} is ${Math.round(box.width)}x${Math.round(box.height)}px and crowds ${name(near.el)}`,
        );
      }
    }
    return found;
  }, TAP_PX);
}

/**
 * Text drawn over other text: the lines of every visible text node, held against the lines of
 * every other element's text. Two lines that share more than a sliver (a pixel or two of line
 * height that fonts overlap by design) in both directions are text a reader cannot read.
 */
async function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
    const lines: { el: Element; left: number; right: number; top: number; bottom: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim()) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (
        el.closest(
          "script, style, noscript, [inert], .sr-only, [data-chat-launcher], [data-scroll-to-top]",
        )
      )
        continue;
      // Only the glyphs: whitespace around them is no text a reader sees.
      const text = node.textContent;
      const start = text.search(/\S/);
      const end = text.length - (text.length - text.trimEnd().length);
      range.setStart(node, start);
      range.setEnd(node, end);
      // What a box that hides its overflow cuts away (the lines past a line clamp) is not drawn.
      const clip = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
      for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = box.getBoundingClientRect();
        clip.left = Math.max(clip.left, b.left);
        clip.right = Math.min(clip.right, b.right);
        clip.top = Math.max(clip.top, b.top);
        clip.bottom = Math.min(clip.bottom, b.bottom);
      }
      for (const r of range.getClientRects()) {
        const line = {
          el,
          left: Math.max(r.left, clip.left),
          right: Math.min(r.right, clip.right),
          top: Math.max(r.top, clip.top),
          bottom: Math.min(r.bottom, clip.bottom),
        };
        if (line.right - line.left < 1 || line.bottom - line.top < 1) continue;
        lines.push(line);
      }
    }
    lines.sort((a, b) => a.top - b.top);
    const seen = new Set<string>();
    // Glyph boxes are a line's full height; neighbouring lines may touch or overlap a little.
    const slack = 3;
    for (let i = 0; i < lines.length; i++) {
      const a = lines[i];
      if (!a) continue;
      for (let j = i + 1; j < lines.length; j++) {
        const b = lines[j];
        if (!b) break;
        if (b.top >= a.bottom - slack) break;
        if (a.el === b.el) continue;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x <= slack || y <= slack) continue;
        const said = `${name(a.el)} overlaps ${name(b.el)}`;
        if (!seen.has(said)) {
          seen.add(said);
          found.push(said);
        }
      }
    }
    return found;
  });
}

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

/** A PNG's pixels as RGB triples, row by row, with its width. */
async function pixels(png: Buffer): Promise<{ width: number; px: Rgb[] }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const px: Rgb[] = [];
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    px.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
  }
  return { width: info.width, px };
}

async function launcherBox(page: Page) {
  const box = await page.locator("[data-chat-launcher]").boundingBox();
  if (!box) throw new Error("the launcher is not drawn");
  return box;
}

/** The area the launcher and its ring cover, as drawn now. */
async function launcherArea(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  return page.screenshot({
    clip: {
      x: box.x - RING_PX,
      y: box.y - RING_PX,
      width: box.width + 2 * RING_PX,
      height: box.height + 2 * RING_PX,
    },
    animations: "disabled",
  });
}

/** The launcher's colours as drawn: its body clear of the icon, and its ring just outside it. */
async function launcherColours(page: Page): Promise<{ body: Rgb; ring: Rgb }> {
  const box = await launcherBox(page);
  const { width, px } = await pixels(await launcherArea(page, box));
  const centre = Math.round(box.width / 2 + RING_PX);
  const at = (y: number) => px[Math.round(y) * width + centre];
  const body = at(RING_PX + 6);
  const ring = at(RING_PX - 2);
  if (!body || !ring) throw new Error("no launcher pixels read");
  return { body, ring };
}

/** Scrolls through the page a window at a time; at each stop, the launcher must stand out. */
async function expectLauncherStandsOut(page: Page, at: string, viewport: Viewport) {
  const { body, ring } = await launcherColours(page);
  const box = await launcherBox(page);
  const launcher = page.locator("[data-chat-launcher]");
  // Hidden for the whole scan: what is judged is what lies behind it.
  await launcher.evaluate((el) => (el.style.visibility = "hidden"));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += Math.round(viewport.height * 0.6)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    const { px: behind } = await pixels(await launcherArea(page, box));
    // Anti-aliased text edges are blends; the colours that fill the area are what is judged.
    const faint = behind.filter((p) => Math.max(contrast(body, p), contrast(ring, p)) < 3).length;
    expect(
      faint / behind.length,
      `${at}, scrolled to ${y}: share of the area behind the launcher where neither its body nor its ring stands out`,
    ).toBeLessThan(0.03);
  }
  await launcher.evaluate((el) => (el.style.visibility = ""));
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/** Every visible control in the window that a floating button overlaps or hides, described. */
async function coveredControls(page: Page, within: "hero" | "window"): Promise<string[]> {
  return page.evaluate((within) => {
    const scope =
      within === "hero"
        ? [document.querySelector("body > header"), document.querySelector("main > :first-child")]
        : [document.body];
    const floating = [
      ...document.querySelectorAll<HTMLElement>("[data-chat-launcher], [data-scroll-to-top]"),
    ].filter((el) => !el.hidden && getComputedStyle(el).visibility !== "hidden");
    const boxes = floating.map((el) => ({ el, box: el.getBoundingClientRect() }));
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, summary, [role=button], [role=tab]",
    );
    const found: string[] = [];
    for (const control of controls) {
      if (floating.some((f) => f === control || f.contains(control))) continue;
      if (!scope.some((s) => s?.contains(control))) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
        continue;
      }
      // Drawn at all: not hidden, not in a closed <details>, not invisible.
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (control.closest("[inert]")) continue;
      // The skip link waits above the window until it is focused.
      if (box.bottom < 8) continue;
      const name = `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
      for (const { el, box: f } of boxes) {
        const overlaps =
          box.left < f.right && box.right > f.left && box.top < f.bottom && box.bottom > f.top;
        if (overlaps)
          found.push(`${name} under ${el.getAttribute("aria-label") ?? el.textContent?.trim()}`);
      }
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (top && floating.some((f) => f.contains(top)))
        found.push(`${name} hit-tests to a floating button`);
    }
    return found;
  }, within);
}

test.describe.configure({ mode: "parallel" });
// Four viewports, two axe scans and the launcher's scan on a long page, on a busy two-core machine.
test.setTimeout(150_000);

for (const { path, floating } of pages) {
  test(`${path}`, async ({ page }) => {
    // Scrolling brings the contact page's map into view: its tiles are answered here.
    await answerMapTiles(page);
    for (const viewport of viewports) {
      if (
        !viewport.page &&
        !viewport.layout &&
        !viewport.overlap &&
        !(floating && viewport.floating)
      )
        continue;
      const at = `${path} at ${viewport.width}px (${viewport.scheme})`;
      await page.emulateMedia({ colorScheme: viewport.scheme });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const response = await page.goto(encodeURI(path), { waitUntil: "load" });
      expect(response?.status(), at).toBe(200);
      if (viewport.page) {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${at} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        // The other palette at the same layout: only the colour rules can find anything new.
        await switchScheme(page, viewport.scheme === "dark" ? "light" : "dark");
        await expectNoAxeViolations(page, { only: colourRules });
        await switchScheme(page, viewport.scheme);
      }
      if (viewport.layout) {
        expect(await layoutProblems(page), `${at}: the layout at a touch width`).toEqual([]);
      }
      if (viewport.overlap) {
        expect(await overlappingText(page), `${at}: text drawn over other text`).toEqual([]);
      }
      if (!floating || !viewport.floating) continue;
      await expect(page.locator("[data-chat-launcher]")).toBeVisible();
      expect(await coveredControls(page, "hero"), `${at}, top`).toEqual([]);
      if (viewport.contrast) await expectLauncherStandsOut(page, at, viewport);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.locator("[data-scroll-to-top]")).toBeVisible();
      expect(await coveredControls(page, "window"), `${at}, end`).toEqual([]);
    }
  });
}

test("the launcher hides under an open mobile menu and comes back when it closes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const launcher = page.locator("[data-chat-launcher]");
  await expect(launcher).toBeVisible();
  await page.getByTestId("mobile-menu").getByLabel("Menu").click();
  await expect(launcher).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(launcher).toBeVisible();
});

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

test("the overlap check finds text drawn over text, and passes lines that only touch", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.setContent(`<!doctype html><body style="font: 16px/1.2 sans-serif">
    <p>A paragraph long enough to wrap over two or three lines at this width, which is fine,
    with <strong>bold words</strong> inside it that sit beside the others.</p>
    <p style="line-height: 1">Tight lines<br>touching each other</p>
    <div><a href="#" style="display: -webkit-box; -webkit-box-orient: vertical;
      -webkit-line-clamp: 1; overflow: hidden">A title clamped to one line that goes on and on and on
      and on</a><p style="margin: 0">Under the title</p></div>
    <div style="position: relative; height: 40px">
      <span style="position: absolute; left: 0; top: 0">IN PROGRESS</span>
      <span style="position: absolute; left: 60px; top: 4px">2</span>
    </div>
  </body>`);
  expect(await overlappingText(page)).toEqual([`span "IN PROGRESS" overlaps span "2"`]);
});
