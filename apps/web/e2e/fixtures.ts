/**
 * The page fixture every browser test uses: it fails the test on any console error or uncaught
 * exception, and on any request to a host other than ours (outside requests are also cut off, so no
 * test depends on the internet).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import axe from "axe-core";
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";
import { clientIp } from "./support/e2e-env";

export interface Guard {
  consoleErrors: string[];
  outsideRequests: string[];
  /** Console errors a test provokes on purpose (a failed chunk) and expects. */
  allowConsole(pattern: RegExp): void;
}

/**
 * Watches one page: console errors, uncaught exceptions, and requests to any host but `origin`
 * (cut off). `verify` fails the test on what it saw; the fixture below calls it for `page`, and
 * tests with more pages (a visitor and agents) call it for each of theirs.
 */
export async function watchPage(page: Page, origin: string): Promise<Guard & { verify(): void }> {
  const allowed: RegExp[] = [];
  const guard = {
    consoleErrors: [] as string[],
    outsideRequests: [] as string[],
    allowConsole: (p: RegExp) => {
      allowed.push(p);
    },
    verify() {
      expect(guard.consoleErrors, "console errors").toEqual([]);
      expect(guard.outsideRequests, "requests to outside hosts").toEqual([]);
    },
  };
  page.on("console", (msg) => {
    if (
      msg.type() === "error" &&
      !allowed.some((p) => p.test(msg.text())) &&
      !ownIconOffline(msg)
    ) {
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
  return guard;
}

/**
 * The browser fetches a page's icon on its own schedule, on a busy machine only after a test took
 * it offline: that failed load is the browser's, not the page's. Any other failed load still counts.
 */
function ownIconOffline(msg: ConsoleMessage): boolean {
  return (
    msg.text().includes("net::ERR_INTERNET_DISCONNECTED") &&
    /^\/favicon\.(?:svg|ico)$/.test(new URL(msg.location().url || "about:blank").pathname)
  );
}

/** Takes the browser offline and waits until the page knows it (`navigator.onLine` false). */
export async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

export const test = base.extend<{ guard: Guard }>({
  // Every test's browser brings its own client address (both servers trust a proxy on loopback),
  // so the per-IP limits, such as 20 codes an hour, count each test apart and not the whole run.
  // Playwright's fixture signature: the first argument lists the fixtures this one needs.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => {
    await provide({ "x-forwarded-for": clientIp() });
  },
  guard: [
    async ({ page, baseURL }, use) => {
      const guard = await watchPage(page, new URL(baseURL ?? "http://127.0.0.1").origin);
      await use(guard);
      guard.verify();
    },
    { auto: true },
  ],
});

export { expect };

/** The axe rules that depend on colour alone: what a second colour scheme can change. */
export const colourRules = ["color-contrast", "link-in-text-block"];

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page's own document: injected once per document (a console screen or a
 * chat state checked again reuses it) and run there, with only the violations collected. The
 * pages hold no same-origin frames to descend into (a video's player is another origin's, and
 * axe judges its frame element from outside).
 */
async function axeFindings(
  page: Page,
  options: { exclude?: string; only?: string[] },
): Promise<AxeFinding[]> {
  // A page whose heading is parsed may still be waiting for its stylesheet: unstyled, every link
  // is a tiny target and every colour the browser's default.
  await page.waitForLoadState("load");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ exclude, only, tags }) => {
      // Injected above from axe-core's own source; typed by the import.
      const run = (window as unknown as { axe: typeof axe }).axe;
      const results = await run.run(exclude ? { exclude: [exclude] } : document, {
        runOnly: only ? { type: "rule", values: only } : { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    },
    { exclude: options.exclude, only: options.only, tags: axeTags },
  );
}

/**
 * Turns the page to the other colour scheme with its colours settled: buttons fade their colours
 * over 150 ms, and a colour caught halfway is no colour the page shows. Laying the page out makes
 * the browser start those fades now, and each is then run to its end at once.
 */
export async function switchScheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => {
    document.body.getBoundingClientRect();
    for (const fade of document.getAnimations()) {
      if (fade instanceof CSSTransition) fade.finish();
    }
  });
}

/** axe with the WCAG 2.2 AA and best-practice tags (or `only` these rules) finds nothing. */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string; only?: string[] } = {},
) {
  const summary = (await axeFindings(page, options)).map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.targets.join("\n  ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** The contact page's map tiles come from this host once the map scrolls into view. */
export const mapTileHost = /^https:\/\/[a-c]\.tile\.openstreetmap\.org\//;
/** A 1x1 PNG that stands in for every map tile, so no test depends on the internet. */
export const mapTilePng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Answers the page's map tile requests with the stand-in PNG (registered after the guard). */
export async function answerMapTiles(page: Page): Promise<void> {
  await page.route(mapTileHost, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: mapTilePng }),
  );
}

/**
 * A 26 MB file on disk (one over the chat's 25 MB limit), for file inputs. Given as a path,
 * Playwright lets the browser read it directly instead of sending 26 MB through its protocol,
 * which took over half a minute on a busy machine.
 */
export function oversizedImageFile(): string {
  const path = test.info().outputPath("oversized.png");
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.alloc(26 * 1024 * 1024));
  return path;
}
