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

test("a screen reader hears the new total once per change, not the invoice again", async ({
  page,
}) => {
  await page.goto("/pricing");
  const result = page.locator("[data-estimate-result]");
  // The invoice is no live region: only its status line is.
  await expect(result.locator("[aria-live]")).toHaveCount(0);
  await expect(result).not.toHaveAttribute("aria-live");
  const status = result.getByRole("status");
  await expect(status).toHaveText("");
  await status.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(el.textContent ?? "")).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);

  // Typed digit by digit, as a person does: 2, 25, 250 are one change, said once.
  await page.getByLabel("Active employees").clear();
  await page.getByLabel("Active employees").pressSequentially("250", { delay: 20 });
  const total = usd.format(monthlyEstimate(250, estimateExample.storageGb).total);
  await expect(status).toHaveText(`Total for the month: ${total}`);
  // A total that does not change is not said again.
  await page.getByLabel("Files stored (GB)").fill(`${estimateExample.storageGb}.0`);
  await page.getByLabel("Active employees").fill("250");
  await page.waitForTimeout(1_500);
  expect(await said()).toEqual([`Total for the month: ${total}`]);
});

test("the largest totals stay inside the invoice at every width", async ({ page }) => {
  await page.goto("/pricing");
  for (const width of [320, 360, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [people, gb] of [
      ["100000", "1000000"],
      ["999999999999", "999999999999999"],
    ] as const) {
      await page.getByLabel("Active employees").fill(people);
      await page.getByLabel("Files stored (GB)").fill(gb);
      const escapes = await page.locator("[data-estimate-result]").evaluate((box) => {
        const b = box.getBoundingClientRect();
        return [...box.querySelectorAll("[data-estimate-out]")]
          .filter((el) => {
            const r = document.createRange();
            r.selectNodeContents(el);
            return [...r.getClientRects()].some((l) => l.left < b.left || l.right > b.right);
          })
          .map((el) => el.textContent);
      });
      expect(escapes, `${width}px, ${people} people, ${gb} GB`).toEqual([]);
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});

test("the prices are on the first screen at phone, tablet and desktop sizes", async ({ page }) => {
  for (const [width, height] of [
    [360, 740],
    [768, 1024],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/pricing");
    const price = page.getByText(/^\$\d+\.\d\d$/).first();
    await expect(price, `${width}px`).toBeVisible();
    const box = await price.boundingBox();
    expect(
      box && box.y + box.height,
      `${width}x${height}: the first price's bottom`,
    ).toBeLessThanOrEqual(height);
  }
});
