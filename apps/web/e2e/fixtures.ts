/**
 * The page fixture every browser test uses: it fails the test on any console error or uncaught
 * exception, and on any request to a host other than ours (outside requests are also cut off, so no
 * test depends on the internet).
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export interface Guard {
  consoleErrors: string[];
  outsideRequests: string[];
  /** Console errors a test provokes on purpose (a failed chunk) and expects. */
  allowConsole(pattern: RegExp): void;
}

export const test = base.extend<{ guard: Guard }>({
  guard: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      const allowed: RegExp[] = [];
      const guard: Guard = {
        consoleErrors: [],
        outsideRequests: [],
        allowConsole: (p) => allowed.push(p),
      };
      page.on("console", (msg) => {
        if (msg.type() === "error" && !allowed.some((p) => p.test(msg.text()))) {
          guard.consoleErrors.push(msg.text());
        }
      });
      page.on("pageerror", (err) => guard.consoleErrors.push(`uncaught: ${err.message}`));
      await page.route(
        (url) => url.origin !== origin && (url.protocol === "http:" || url.protocol === "https:"),
        (route) => {
          guard.outsideRequests.push(route.request().url());
          return route.abort("blockedbyclient");
        },
      );
      await use(guard);
      expect(guard.consoleErrors, "console errors").toEqual([]);
      expect(guard.outsideRequests, "requests to outside hosts").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoAxeViolations(page: Page, options: { exclude?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}
