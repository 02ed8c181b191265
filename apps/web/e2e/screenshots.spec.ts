/**
 * Screenshots of the pages issue 31 is about, at a phone and a desktop width, from the production
 * build the browser tests run against: home, pricing, help with "cancel" typed in its search,
 * contact, and the page the contact form lands on without JavaScript. Every run reaches each state
 * and takes the picture; only with SCREENSHOTS=1 are they written to docs/screenshots/after-31
 * (so the suite never rewrites committed files):
 * `SCREENSHOTS=1 npx playwright test apps/web/e2e/screenshots.spec.ts`.
 * Small PNGs (256 colours) of the first screen.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { answerMapTiles, expect, test } from "./fixtures";

const outDir =
  process.env.SCREENSHOTS === "1"
    ? fileURLToPath(new URL("../../../docs/screenshots/after-31/", import.meta.url))
    : undefined;

const widths = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

const shots: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: "home",
    path: "/",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
  },
  {
    name: "pricing",
    path: "/pricing",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
  },
  {
    name: "help-search",
    path: "/help",
    ready: async (page) => {
      const box = page.getByRole("searchbox", { name: "Search the help center" });
      await box.click();
      await box.pressSequentially("cancel", { delay: 30 });
      await expect(page.getByRole("status")).toHaveText(/answers? for “cancel”/);
    },
  },
  {
    name: "contact",
    path: "/contact-us",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
  },
  {
    name: "contact-thanks",
    path: "/contact-us/thanks",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!"),
  },
];

test.describe("screenshots", () => {
  // The sliders stand still, as a reader of the picture sees them.
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  for (const size of widths) {
    test(`at ${size.width} px`, async ({ page }) => {
      if (outDir) mkdirSync(outDir, { recursive: true });
      await answerMapTiles(page);
      await page.setViewportSize(size);
      for (const shot of shots) {
        await page.goto(shot.path, { waitUntil: "load" });
        await shot.ready(page);
        const png = await page.screenshot({ animations: "disabled" });
        if (!outDir) continue;
        // A 256-colour palette keeps each file small enough to keep in the repository.
        await sharp(png)
          .png({ palette: true, quality: 70, effort: 8 })
          .toFile(`${outDir}${shot.name}-${size.width}.png`);
      }
    });
  }
});
