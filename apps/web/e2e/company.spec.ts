/**
 * Company, legal and policy pages: each carries its heading, real content and the facts its content
 * promises, at desktop and phone width (axe and sideways scrolling: page-audit.spec.ts).
 */
import { brand } from "../app/brand";
import { openings } from "../app/content/careers";
import { claims, fernhillResults } from "../app/content/claims";
import { billing } from "../app/content/pricing";
import { privacyPolicy } from "../app/content/privacy";
import { terms } from "../app/content/terms";
import { requirePageRoute, staticPageRoutes } from "../app/site";
import { expect, test } from "./fixtures";

const pages = [
  "/goals",
  "/whats-new",
  "/trust&security",
  "/site-map",
  "/terms",
  "/policy",
  "/refund-and-cancellation-policy",
  "/shipping-and-delivery-policy",
  "/customers",
  "/why-hourline",
  "/what-do",
  "/view-case",
  "/careers",
];

// Each page's axe scans and sideways scrolling, in both palettes: page-audit.spec.ts.
test("company and legal pages carry their heading and real content at 1280 and 375 px", async ({
  page,
}) => {
  for (const path of pages) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator("main").getByRole("heading", { level: 1 })).toHaveText(
        requirePageRoute(path).heading,
      );
      // Real content, not just an introduction.
      const words = (await page.locator("main").innerText()).split(/\s+/).length;
      expect(words, `${path} words at ${width} px`).toBeGreaterThan(250);
    }
  }
});

test.describe("what the pages say", () => {
  test("terms: 10 sections with a table of contents, dated as every policy, India, 30 days", async ({
    page,
  }) => {
    await page.goto("/terms");
    const main = page.locator("main");
    await expect(main.getByText("Last updated November 28, 2026")).toBeVisible();
    await expect(main.locator("time")).toHaveAttribute("datetime", "2026-11-28");
    const toc = main.getByRole("navigation", { name: "Contents" });
    await expect(toc.getByRole("link")).toHaveCount(10);
    await expect(main.getByRole("heading", { level: 2 })).toHaveCount(11); // contents + 10 sections
    await expect(main.getByText(/governed by the laws of India/)).toBeVisible();
    await expect(main.getByText(/at least 30 days before it takes effect/)).toBeVisible();
    await expect(main.locator('a[href="/contact-us"]')).toHaveCount(1);

    // The contents move to their section.
    const last = terms.sections[9];
    await toc.getByRole("link", { name: last?.title }).click();
    await expect(page).toHaveURL(new RegExp(`#${last?.id}$`));
    await expect(page.locator(`#${last?.id} h2`)).toBeInViewport();
    // Beside the text on a wide screen, the contents stay in view wherever the reader is.
    await expect(toc).toBeInViewport();
    await expect(toc.getByRole("link", { name: terms.sections[0]?.title })).toBeInViewport();
    await main.locator('a[href="/contact-us"]').click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test("policy: 8 sections, never sells information, contact e-mail", async ({ page }) => {
    await page.goto("/policy");
    const main = page.locator("main");
    const toc = main.getByRole("navigation", { name: "Contents" });
    await expect(toc.getByRole("link")).toHaveText(privacyPolicy.sections.map((s) => s.title));
    await expect(toc.getByRole("link")).toHaveCount(8);
    await expect(main.getByText(/We never sell your information/)).toBeVisible();
    await expect(main.locator(`a[href="mailto:${brand.supportEmail}"]`).first()).toBeVisible();
  });

  test("refund and cancellation: two columns with the billing rules and the lifecycle", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/refund-and-cancellation-policy");
    const main = page.locator("main");
    const refund = main.getByRole("region", { name: "Refund Policy" });
    const cancellation = main.getByRole("region", { name: "Cancellation Policy" });
    await expect(refund).toBeVisible();
    await expect(cancellation).toBeVisible();
    // Side by side on a wide screen.
    const a = await refund.boundingBox();
    const b = await cancellation.boundingBox();
    expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1).toBe(true);

    const text = await main.innerText();
    const { min, max } = billing.refundProcessingBusinessDays;
    const hours = billing.accessIssueResolutionHours;
    for (const fact of [
      `within ${billing.disputeWindowDays} days of the invoice`,
      `${min} to ${max} business days`,
      `read-only for ${billing.readOnlyDaysAfterCancellation} days`,
      `${hours.min} to ${hours.max} hours`,
      "invoice number",
      "registered e-mail address",
    ]) {
      expect(text, fact).toContain(fact);
    }
    const steps = main.getByRole("region", { name: /after cancellation, step by step/ });
    await expect(steps.getByRole("listitem")).toHaveCount(4);
  });

  test("shipping and delivery: digital access, no physical delivery", async ({ page }) => {
    await page.goto("/shipping-and-delivery-policy");
    const main = page.locator("main");
    for (const title of [
      "Digital access and activation",
      "No physical delivery",
      "Help with access",
    ]) {
      await expect(main.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    await expect(main.locator(`a[href="${brand.phone.href}"]`)).toBeVisible();
  });

  test("careers: the Hiring badge, and each role applies by e-mail with its subject", async ({
    page,
  }) => {
    await page.goto("/careers");
    const main = page.locator("main");
    await expect(main.getByText("Hiring", { exact: true })).toBeVisible();
    for (const opening of openings) {
      const link = main.getByRole("link", { name: `Apply by e-mail: ${opening.title}` });
      const href = await link.getAttribute("href");
      const url = new URL(href ?? "");
      expect(url.protocol).toBe("mailto:");
      expect(url.pathname).toBe(brand.careersEmail);
      expect(url.searchParams.get("subject")).toBe(`Application: ${opening.title}`);
    }
  });

  test("goals: the goal text, two list items and the stat overlays", async ({ page }) => {
    await page.goto("/goals");
    const main = page.locator("main");
    for (const title of ["Responsibility and Sustainability", "Competitive Intelligence"]) {
      await expect(main.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    await expect(main.getByText(`${claims.timeReductionPercent}%`, { exact: true })).toBeVisible();
    await expect(main.getByText(`${claims.successRatePercent}%`, { exact: true })).toBeVisible();
  });

  test("what's new: a numbered list of nine themes", async ({ page }) => {
    await page.goto("/whats-new");
    await expect(page.locator("main ol > li")).toHaveCount(9);
    await expect(page.locator("main ol > li h2")).toHaveCount(9);
  });

  test("trust & security: the eight topics, reachable from the topic list", async ({ page }) => {
    await page.goto("/trust&security");
    const main = page.locator("main");
    const topics = main.getByRole("navigation", { name: "Topics on this page" }).getByRole("link");
    await expect(topics).toHaveCount(8);
    await topics.filter({ hasText: "Incident response" }).click();
    await expect(page).toHaveURL(/#incident-response$/);
    await expect(page.locator("#incident-response h2")).toBeInViewport();
  });

  test("site map: the two-column tour and a link to every page of the route table", async ({
    page,
  }) => {
    await page.goto("/site-map");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { name: "Sections of the workspace" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Finding your way around" })).toBeVisible();
    for (const r of staticPageRoutes) {
      await expect(main.locator(`a[href="${r.path}"]`).first(), r.path).toBeAttached();
    }
  });

  test("case study: its own results from the claims module, not the survey's figures", async ({
    page,
  }) => {
    await page.goto("/view-case");
    const results = page.locator("main dl").first();
    const text = await results.innerText();
    const r = fernhillResults;
    for (const value of [
      `${r.timesheetFixMinutesPerWeek.after} min`,
      `Day ${r.invoiceWorkingDay.after}`,
      `${r.toolsKeptInSync.after} tool`,
      `${r.newHireReadyDays.after} days`,
    ]) {
      expect(text).toContain(value);
    }
    // None of the survey's percentages stands in for the customer's own results.
    expect(text).not.toMatch(/\d\s?%/);
  });
});
