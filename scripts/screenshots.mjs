/**
 * Screenshots of the pages issue 31 is about, at a phone and a desktop width, from a running
 * server: `node scripts/screenshots.mjs http://127.0.0.1:3000 docs/screenshots/after-31`.
 * Small PNGs of the first screen (the help page with a search typed).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";

const [base = "http://127.0.0.1:3000", outDir = "docs/screenshots/after-31"] =
  process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const shots = [
  { name: "home", path: "/" },
  { name: "pricing", path: "/pricing" },
  { name: "help-search", path: "/help", type: "cancel" },
  { name: "contact", path: "/contact-us" },
];
const widths = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const size of widths) {
    const context = await browser.newContext({ viewport: size, reducedMotion: "reduce" });
    const page = await context.newPage();
    // No outside host: map tiles and anything else off our origin are refused.
    await page.route(
      (url) => !url.href.startsWith(base),
      (route) => route.abort(),
    );
    for (const shot of shots) {
      await page.goto(base + shot.path, { waitUntil: "load" });
      if (shot.type) {
        const box = page.getByRole("searchbox").first();
        await box.click();
        await box.pressSequentially(shot.type, { delay: 30 });
        await page.waitForTimeout(400);
      }
      const file = join(outDir, `${shot.name}-${size.width}.png`);
      const png = await page.screenshot({ animations: "disabled" });
      // A 256-colour palette keeps each file small enough to keep in the repository.
      await sharp(png).png({ palette: true, quality: 70, effort: 8 }).toFile(file);
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
