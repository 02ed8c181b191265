/**
 * The contact page's cards and map. The map must cost nothing until the visitor asks for it, even
 * scrolled into view: no Leaflet code, no tile request. Tile requests are answered here with a local PNG (or refused), so no test
 * depends on the internet.
 */
import type { Page, Request } from "@playwright/test";
import { brand } from "../app/brand";
import {
  expect,
  expectNoAxeViolations,
  goOffline,
  mapTileHost,
  mapTilePng,
  test,
} from "./fixtures";

// axe over a long page takes several seconds on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r: Request) => urls.push(r.url()));
  return urls;
}

const isMapCode = (url: string) => /leaflet/i.test(new URL(url).pathname);

test.describe("contact map", () => {
  test("loads nothing until asked, even in view, then shows the marker and popup at zoom 10", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    const tiles: string[] = [];
    await page.route(mapTileHost, (route) => {
      tiles.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "image/png", body: mapTilePng });
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/contact-us");
    await page.waitForLoadState("networkidle");

    const box = page.locator("[data-map-status]");
    await box.scrollIntoViewIfNeeded();
    // In view and settled: the address card stands in, and nothing of the map has been fetched.
    await page.waitForLoadState("networkidle");
    await expect(box).toHaveAttribute("data-map-status", "waiting");
    await expect(box.locator("address")).toContainText(brand.address.street);
    expect(requests.filter(isMapCode), "Leaflet requested unasked").toEqual([]);
    expect(tiles, "tiles requested unasked").toEqual([]);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);

    await box.getByRole("button", { name: "Show the map" }).click();
    await expect(box).toHaveAttribute("data-map-status", "ready");
    await expect(page.getByRole("region", { name: /^Map of / })).toBeFocused();
    const marker = page.locator(".leaflet-marker-icon");
    await expect(marker).toBeVisible();
    await expect(marker).toHaveAttribute(
      "title",
      `${brand.name} office, ${brand.address.locality}`,
    );
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(brand.name);
    await expect(popup).toContainText(brand.address.street);
    await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");

    expect(requests.some(isMapCode), "Leaflet loaded on demand").toBe(true);
    expect(tiles.length).toBeGreaterThan(0);
    for (const url of tiles) expect(url).toMatch(/\/10\/\d+\/\d+\.png$/);

    await expectNoAxeViolations(page);
  });

  test("falls back to the address card with an Open in maps link when tiles fail", async ({
    page,
    guard,
  }) => {
    // Chromium reports each refused tile on the console.
    guard.allowConsole(/Failed to load resource/);
    await page.route(mapTileHost, (route) => route.abort("internetdisconnected"));
    await page.goto("/contact-us");
    const box = page.locator("[data-map-status]");
    await box.getByRole("button", { name: "Show the map" }).click();
    await expect(box).toHaveAttribute("data-map-status", "failed");
    await expect(box.getByRole("status")).toHaveText(/could not be loaded/);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
    await expect(box.locator("address")).toContainText(brand.address.street);
    const link = box.getByRole("link", { name: "Open in maps" });
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute("href")) ?? "");
    expect(href.searchParams.get("mlat")).toBe(String(brand.map.lat));
    expect(href.searchParams.get("mlon")).toBe(String(brand.map.lng));
    await expectNoAxeViolations(page);
  });

  test("offline, the address card appears without loading Leaflet at all", async ({
    page,
    context,
  }) => {
    const requests = recordRequests(page);
    await page.goto("/contact-us");
    await page.waitForLoadState("networkidle");
    // The page learns it is offline a moment later: asking before then loads the map's code.
    await goOffline(page);
    const box = page.locator("[data-map-status]");
    await box.getByRole("button", { name: "Show the map" }).click();
    await expect(box).toHaveAttribute("data-map-status", "failed");
    await expect(box.getByRole("link", { name: "Open in maps" })).toBeVisible();
    expect(requests.filter(isMapCode)).toEqual([]);
    await context.setOffline(false);
  });
});

test.describe("contact page", () => {
  for (const width of [1280, 375]) {
    const colorScheme = width < 768 ? "dark" : "light";
    test(`address, phone and mail cards at ${width} px (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/contact-us");
      const details = page.getByRole("region", { name: "Other ways to reach us" });
      await expect(details.locator("address")).toContainText(brand.address.street);
      await expect(details.getByRole("link", { name: "Open in maps" })).toBeVisible();
      await expect(details.locator(`a[href="${brand.phone.href}"]`)).toHaveText(
        brand.phone.display,
      );
      await expect(details.locator(`a[href="mailto:${brand.supportEmail}"]`)).toHaveText(
        brand.supportEmail,
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }
});
