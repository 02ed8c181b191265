/**
 * The pricing page's estimate: a worked example without JavaScript, recalculated from the price
 * list as the visitor types.
 */
import { estimateExample, monthlyEstimate, usd } from "../app/content/pricing";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test("the estimate shows the worked example, then follows what the visitor enters", async ({
  page,
}) => {
  await page.goto("/pricing");
  const total = page.locator('[data-estimate-out="total"]');
  const example = monthlyEstimate(estimateExample.people, estimateExample.storageGb);
  await expect(total).toHaveText(usd.format(example.total));
  await page.getByLabel("Active employees").fill("120");
  await page.getByLabel("Files stored (GB)").fill("250");
  await expect(total).toHaveText(usd.format(monthlyEstimate(120, 250).total));
  await expect(page.getByRole("heading", { name: "Questions about the bill" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the estimate reads as a worked example", async ({ page }) => {
    await page.goto("/pricing");
    const example = monthlyEstimate(estimateExample.people, estimateExample.storageGb);
    await expect(page.locator('[data-estimate-out="total"]')).toHaveText(usd.format(example.total));
    await expect(page.getByLabel("Active employees")).toHaveValue(String(estimateExample.people));
  });
});
