/**
 * The floating buttons (the chat launcher, back to top) never cover a link or a control where a
 * visitor meets them at rest: on every page at 390, 768, 1024 and 1366 px, the header and the first
 * section (the hero) as the page opens, and everything in the window at the page's end (the footer
 * and what sits above it). Every visible link, button and field there is tested against the
 * floating buttons' boxes, and the element at its center must not be a floating button. The
 * launcher also hides under an open menu.
 */
import type { Page } from "@playwright/test";
import { listPosts } from "../app/content/blog/posts";
import { staticPageRoutes } from "../app/site";
import { answerMapTiles, expect, test } from "./fixtures";

const posts = await listPosts();
const paths = [...staticPageRoutes.map((r) => r.path), `/blog-details/${posts[0]?.id ?? 1}`];
const viewports = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
];

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
test.setTimeout(120_000);

for (const path of paths) {
  test(`${path}: nothing floating covers a control`, async ({ page }) => {
    // Scrolling to the end brings the contact page's map into view: its tiles are answered here.
    await answerMapTiles(page);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await page.goto(encodeURI(path), { waitUntil: "load" });
      await expect(page.locator("[data-chat-launcher]")).toBeVisible();
      const at = `${path} at ${viewport.width}px`;
      expect(await coveredControls(page, "hero"), `${at}, top`).toEqual([]);
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
