/**
 * The fifteen feature pages, /features and /feature-detail: each renders at desktop and phone width
 * with the parts its content asks for (axe and sideways scrolling, in both palettes:
 * page-audit.spec.ts).
 */
import type { Page } from "@playwright/test";
import { appLinks, brand } from "../app/brand";
import { commercialFacts } from "../app/content/commercial-facts";
import { featurePages } from "../app/content/features";
import { featureRoutesList, requirePageRoute } from "../app/site";
import { expect, test } from "./fixtures";

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
}

test.describe("feature pages", () => {
  for (const content of featurePages) {
    const route = requirePageRoute(content.path);

    test(`${content.path} renders at 1280 and 375 px`, async ({ page }) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(content.path);
        const main = page.locator("main");
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(route.heading);
        await expect(main.getByRole("link", { name: brand.announcement.text })).toBeVisible();
        await expect(main.getByText(content.eyebrow, { exact: true }).first()).toBeVisible();
        await expect(main.getByRole("heading", { level: 2, name: content.headline })).toBeVisible();

        // The product mock-up: one picture with a description.
        const mockup = main.getByRole("img").first();
        await expect(mockup).toBeVisible();
        expect((await mockup.getAttribute("aria-label"))?.length ?? 0).toBeGreaterThan(60);

        for (const section of content.sections) {
          await expect(main.locator(`section#${section.id}`)).toHaveCount(1);
        }

        const signUp = main.getByRole("link", { name: commercialFacts.signUpLabel, exact: true });
        if (content.signUpCta) {
          await expect(signUp.first()).toHaveAttribute("href", appLinks.signUp);
        } else {
          await expect(signUp).toHaveCount(0);
          await expect(main.locator(`a[href="${appLinks.signUp}"]`)).toHaveCount(0);
        }

        const types = await jsonLdTypes(page);
        expect(types).toContain("BreadcrumbList");
        if (content.faqTopic) {
          expect(types).toContain("FAQPage");
          await expect(main.locator(`#faq-${content.faqTopic}`)).toBeVisible();
          await expect(main.locator(`#faq-${content.faqTopic} details[open]`)).toHaveCount(1);
        } else {
          expect(types).not.toContain("FAQPage");
        }
      }
    });
  }

  test("the assets page has no sign-up button and no footer block, and ends with its FAQ and a call to action", async ({
    page,
  }) => {
    await page.goto("/assets-and-inventory");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      main.getByRole("link", { name: commercialFacts.signUpLabel, exact: true }),
    ).toHaveCount(0);
    await expect(main.locator(`a[href^="${brand.appUrl}"]`)).toHaveCount(0);
    await expect(main.locator("[data-block='feature-footer']")).toHaveCount(0);
    await expect(
      main.getByRole("heading", { name: "Assets and inventory questions" }),
    ).toBeVisible();
    const closing = main.getByRole("region", { name: /Put every laptop/ });
    await expect(closing.getByRole("link", { name: /Talk to our team/ })).toHaveAttribute(
      "href",
      "/contact-us",
    );
    for (const title of ["Asset management", "Inventory management", "Why combine them"]) {
      await expect(main.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    // The holidays page, by contrast, ends with its footer block.
    await page.goto("/employee-holidays-management");
    const footerBlock = page.locator("main [data-block='feature-footer']");
    await expect(footerBlock).toBeVisible();
    await expect(
      footerBlock.getByRole("link", { name: commercialFacts.signUpLabel, exact: true }),
    ).toHaveAttribute("href", appLinks.signUp);
  });
});

test.describe("side image navigation on the holidays and leave pages", () => {
  for (const path of ["/employee-holidays-management", "/employee-leave-management"]) {
    const content = featurePages.find((p) => p.path === path);
    if (!content) throw new Error(`no content for ${path}`);

    test(`${path}: two bullets, and each image link moves to its section`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      const bullets = page.locator("main h1 ~ ul > li");
      await expect(bullets).toHaveCount(2);
      for (const [i, bullet] of content.bullets.entries()) {
        await expect(bullets.nth(i)).toHaveText(bullet);
      }

      const nav = page.getByRole("navigation", {
        name: `${content.eyebrow}: sections on this page`,
      });
      const links = nav.getByRole("link");
      await expect(links).toHaveCount(3);
      await expect(links.first()).toHaveAttribute("aria-current", "location");
      // Each link carries a drawing and the section's title.
      await expect(nav.locator("svg")).toHaveCount(3);

      for (const [i, section] of content.sections.entries()) {
        await links.nth(i).click();
        await expect(page).toHaveURL(new RegExp(`#${section.id}$`));
        await expect(page.locator(`section#${section.id} h3`)).toBeInViewport();
        await expect(links.nth(i)).toHaveAttribute("aria-current", "location");
        await expect(nav.locator('[aria-current="location"]')).toHaveCount(1);
        // Sticky: the navigation stays on screen beside the section.
        await expect(nav).toBeInViewport();
      }

      // Scrolling by hand also moves the highlight.
      await page.evaluate((id) => {
        const el = document.getElementById(id);
        if (el) window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100);
      }, content.sections[0]?.id ?? "");
      await expect(links.first()).toHaveAttribute("aria-current", "location");
    });

    test(`${path}: the image links also work at 375 px`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(path);
      const nav = page.getByRole("navigation", {
        name: `${content.eyebrow}: sections on this page`,
      });
      const last = content.sections[content.sections.length - 1];
      await nav.getByRole("link", { name: last?.title }).click();
      await expect(page).toHaveURL(new RegExp(`#${last?.id}$`));
      await expect(page.locator(`section#${last?.id} h3`)).toBeInViewport();
    });
  }
});

test.describe("features overview pages", () => {
  test("/features: breadcrumb, four columns linking every feature page, closing paragraph", async ({
    page,
  }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/features");
      const main = page.locator("main");
      const crumbs = main.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(crumbs.getByText("Features")).toHaveAttribute("aria-current", "page");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        requirePageRoute("/features").heading,
      );
      const columns = [
        "Planning and task management",
        "Collaboration, communication and resources",
        "Time management",
        "Document management and storage",
      ];
      for (const title of columns) {
        await expect(main.getByRole("heading", { level: 2, name: title })).toBeVisible();
      }
      for (const r of featureRoutesList) {
        expect(await main.locator(`a[href^="${r.path}"]`).count(), r.path).toBeGreaterThan(0);
      }
      await expect(main.getByText(/None of these modules is sold separately/)).toBeVisible();
    }
  });

  test("/feature-detail: every module, and the journeys between them", async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/feature-detail");
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        requirePageRoute("/feature-detail").heading,
      );
      for (const r of featureRoutesList) {
        await expect(main.locator(`a[href="${r.path}"]`).first()).toBeAttached();
      }
      await expect(
        main.getByRole("heading", { level: 3, name: "From plan to invoice" }),
      ).toBeVisible();
    }
  });
});
