/**
 * Every page of the route table and every blog post, at 1280 and 375 px: no console error, no
 * request to another host on load (the guard fixture), no sideways scrolling, axe clean. A
 * full-page screenshot of each is kept with the test results.
 */
import { listPosts } from "../app/content/blog/posts";
import { staticPageRoutes } from "../app/site";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const posts = await listPosts();
const paths = [
  ...staticPageRoutes.map((r) => r.path),
  ...posts.map((p) => `/blog-details/${p.id}`),
];

test.describe.configure({ mode: "parallel" });
test.setTimeout(90_000);

for (const path of paths) {
  test(`${path} at 1280 and 375 px`, async ({ page }, testInfo) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(encodeURI(path), { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`${width}px.png`),
        fullPage: true,
        animations: "disabled",
      });
    }
  });
}
