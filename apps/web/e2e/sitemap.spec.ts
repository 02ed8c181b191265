/**
 * /sitemap.xml as a person sees it in Chromium: every page's address laid out as a list by the
 * site's sheet, under the sitemap's own Content-Security-Policy; and the XML a crawler reads, naming
 * the origin the server was started with (the build carries none of its own).
 */
import { expect, test } from "./fixtures";

test("a person opening /sitemap.xml sees every page's address", async ({ page, baseURL }) => {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    (m[1] ?? "").replaceAll("&amp;", "&"),
  );
  expect(locs.length).toBeGreaterThan(40);
  for (const loc of locs) expect(loc.startsWith(`${baseURL}/`)).toBe(true);

  const response = await page.goto("/sitemap.xml");
  expect(response?.headers()["content-type"]).toMatch(/^application\/xml/);
  // Each address is drawn on a line of its own, inside the window's width: the sheet applied
  // (unstyled XML would run every address and date together on one line).
  const drawn = await page.evaluate(() => {
    const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
    return [...document.getElementsByTagNameNS(ns, "loc")].map((el) => {
      const box = el.getBoundingClientRect();
      return { text: el.textContent ?? "", top: box.top, width: box.width, height: box.height };
    });
  });
  expect(drawn.map((d) => d.text)).toEqual(locs);
  const width = page.viewportSize()?.width ?? 0;
  for (const [i, d] of drawn.entries()) {
    expect(d.height).toBeGreaterThan(0);
    expect(d.width).toBeGreaterThan(0);
    expect(d.width).toBeLessThanOrEqual(width);
    if (i > 0) expect(d.top).toBeGreaterThan(drawn[i - 1]?.top ?? 0);
  }
});
