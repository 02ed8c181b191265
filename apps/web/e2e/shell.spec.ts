import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** Hovers the Features button until the menu shows (CSS shows it; the tabs need the script). */
async function openMegaMenu(page: Page) {
  const menu = page.getByTestId("mega-menu");
  await expect(async () => {
    await page.mouse.move(0, 400);
    await page.getByRole("button", { name: "Features" }).hover();
    await expect(menu).toBeVisible({ timeout: 1000 });
    await expect(menu.getByRole("tab").first()).toBeVisible({ timeout: 1000 });
  }).toPass();
  return menu;
}

test.describe("features mega-menu", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("hover shows a group's features and leaving returns to the default group", async ({
    page,
  }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Features" });
    const menu = await openMegaMenu(page);
    await expect(menu.getByRole("tab", { name: "Projects" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(menu.getByRole("link", { name: /Kanban board/ })).toBeVisible();

    await menu.getByRole("tab", { name: "Time tracking" }).hover();
    await expect(menu.getByRole("tab", { name: "Time tracking" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(menu.getByRole("link", { name: /Screenshots/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Kanban board/ })).toHaveCount(0);

    // Leave the panel but stay in the menu's trigger: the default group comes back.
    await trigger.hover();
    await expect(menu.getByRole("tab", { name: "Projects" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await menu.getByRole("tab", { name: "Office & assets" }).hover();
    const assets = menu.getByRole("link", { name: /Assets & inventory/ });
    await expect(assets).toContainText("New");
    await assets.click();
    await expect(page).toHaveURL(/\/assets-and-inventory$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Asset and inventory management in one place",
    );
    await expect(menu).toBeHidden();
  });

  test("keeps one height on every tab, and is the full header from 1024 px", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await page.getByRole("button", { name: "Features" }).click();
    const menu = page.getByTestId("mega-menu");
    const heights = new Set<number>();
    for (const name of ["Projects", "Time tracking", "People", "Office & assets"]) {
      await menu.getByRole("tab", { name }).hover();
      await expect(menu.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
      heights.add(Math.round((await menu.boundingBox())?.height ?? 0));
    }
    expect([...heights]).toHaveLength(1);
  });

  test("works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Features" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("mega-menu");
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Tab");
    await expect(menu.getByRole("tab", { name: "Projects" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("tab", { name: "Time tracking" })).toBeFocused();
    await expect(menu.getByRole("tabpanel")).toContainText("Time approval");

    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    // Reopened, it starts from the default group again; Tab walks into the panel's links.
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("tab", { name: "Projects" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("tab", { name: "People" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("tabpanel")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: /Attendance/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/employee-attendance-management$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Attendance that records itself",
    );
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("expands, reaches every feature and closes after navigating", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menuButton = page.locator("summary[aria-label='Menu']");
    await menuButton.click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "FAQs" })).toBeVisible();

    await nav.getByText("Features", { exact: true }).click();
    const featureLinks = [
      "Startups",
      "Kanban board",
      "Scrum board",
      "File manager",
      "Time tracker",
      "Time summary",
      "Screenshots",
      "Edit time",
      "Time approval",
      "Office management",
      "Attendance",
      "Employees",
      "Holidays",
      "Leave",
      "Assets & inventory",
    ];
    for (const name of featureLinks) {
      await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await nav.getByRole("link", { name: /^Leave/ }).click();
    await expect(page).toHaveURL(/\/employee-leave-management$/);
    await expect(nav).toBeHidden();

    // Escape closes an open menu and returns focus to its button.
    await menuButton.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe("menus without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the features menu opens by click and by hover and lists every feature", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const menu = page.getByTestId("mega-menu");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Features" }).hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(0, 600);
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Features" }).click();
    await page.mouse.move(0, 600);
    await expect(menu).toBeVisible();
    // Without the tabs, every group is a heading with its features under it.
    await expect(menu.getByRole("heading", { level: 3 })).toHaveText([
      "Projects",
      "Time tracking",
      "People",
      "Office & assets",
    ]);
    await expect(menu.getByRole("link")).toHaveCount(16);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "More" }).press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.locator("#more-menu").getByRole("link", { name: "About us" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about-us$/);
  });

  test("the mobile menu opens and reaches every page", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.locator("summary[aria-label='Menu']").click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    await nav.getByText("Features", { exact: true }).click();
    await nav.getByRole("link", { name: /^Scrum board/ }).click();
    await expect(page).toHaveURL(/\/project-management-for-scrumboard$/);
  });
});

test.describe("scroll to top", () => {
  test("appears after 500 px and brings the page back to the top", async ({ page }) => {
    await page.goto("/blog-details/1");
    const button = page.getByRole("button", { name: "Back to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 450));
    await page.waitForTimeout(100);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
    await expect(page.locator("#top")).toBeFocused();
  });

  test("jumps without animation when reduced motion is asked for", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/blog-details/1");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.getByRole("button", { name: "Back to top" }).click();
    // No smooth scroll: the very next frame is already at the top.
    expect(
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(window.scrollY)))),
    ).toBe(0);
  });
});

test.describe("shell", () => {
  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/pricing");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("the footer links every footer page, with the Hiring badge on careers", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const path of [
      "/why-hourline",
      "/demo",
      "/knowledge",
      "/what-do",
      "/careers",
      "/terms",
      "/policy",
      "/view-case",
    ]) {
      await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
    }
    await expect(footer.locator("li", { has: page.locator('a[href="/careers"]') })).toContainText(
      "Hiring",
    );
  });

  test("unknown paths show the 404 page with status 404", async ({ page, guard }) => {
    // Chromium reports the document's own 404 status on the console.
    guard.allowConsole(/status of 404/);
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that page");
    await page
      .getByRole("link", { name: /Pricing/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("a content page loads the enhancement script alone, and links load documents", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    expect(await page.locator("script:not([type]), script[type=module]").count()).toBe(1);
    // No client-side router: following a link loads a new document (a fresh window).
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole("contentinfo").getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => "samePage" in window)).toBe(false);
  });

  test("same-origin links are prerendered on hover, never the console, the API or the app", async ({
    page,
  }) => {
    await page.goto("/");
    const rules = JSON.parse(
      (await page.locator('script[type="speculationrules"]').textContent()) ?? "{}",
    ) as { prerender: { where: unknown; eagerness: string }[] };
    expect(rules.prerender).toHaveLength(1);
    expect(rules.prerender[0]?.eagerness).toBe("moderate");
    const where = JSON.stringify(rules.prerender[0]?.where);
    for (const never of ["/console", "/console/*", "/api/*", "/ws/*", "/sign-in", "/sign-up"]) {
      expect(where).toContain(`"${never}"`);
    }
  });
});

test.describe("accessibility", () => {
  for (const path of ["/", "/about-us", "/pricing"]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`axe finds nothing on ${path} (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  }

  test("axe finds nothing in the open mega-menu", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await openMegaMenu(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Features" }).click();
    await expect(page.getByRole("button", { name: "Features" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expectNoAxeViolations(page);
  });
});

test.describe("responsive layout", () => {
  for (const width of [320, 375, 768, 1280, 1920]) {
    test(`home, about and pricing never scroll sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/", "/about-us", "/pricing"]) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
