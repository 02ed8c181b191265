import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** The aria-label of the slide a carousel is showing ("Slide 2 of 3"). */
async function shownSlide(carousel: Locator): Promise<string | null> {
  return carousel
    .locator('[aria-roledescription="slide"][data-selected]')
    .getAttribute("aria-label");
}

const START = new Date("2026-05-04T09:00:00Z").getTime();

async function openHome(page: Page) {
  // Time moves only when the test says so (clock.runFor).
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Hourline at work" });
  const stories = page.getByRole("region", { name: "Customer stories" });
  // The controls are enabled once the enhancement script has taken over.
  await expect(hero).toHaveAttribute("data-ready", "true");
  await expect(stories).toHaveAttribute("data-ready", "true");
  // Passing the pointer over both sliders restarts their timers from this moment.
  await hero.hover();
  await stories.hover();
  await page.mouse.move(5, 5);
  return { hero, stories };
}

test.describe("hero slider", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("advances every 3 s, labels its slides and has its controls", async ({ page }) => {
    const { hero } = await openHome(page);
    await expect(hero).toHaveAttribute("aria-roledescription", "carousel");
    await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(3);
    expect(await shownSlide(hero)).toBe("Slide 1 of 3");
    // Only the slide on show can be reached; the others are inert.
    await expect(hero.locator('[aria-roledescription="slide"][inert]')).toHaveCount(2);

    await page.clock.runFor(2900);
    expect(await shownSlide(hero)).toBe("Slide 1 of 3");
    await page.clock.runFor(200);
    await expect.poll(() => shownSlide(hero)).toBe("Slide 2 of 3");
    await page.clock.runFor(3000);
    await expect.poll(() => shownSlide(hero)).toBe("Slide 3 of 3");
    // It loops back to the first slide.
    await page.clock.runFor(3000);
    await expect.poll(() => shownSlide(hero)).toBe("Slide 1 of 3");

    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => shownSlide(hero)).toBe("Slide 3 of 3");
    await hero.getByRole("button", { name: "Plan", exact: true }).click();
    await expect.poll(() => shownSlide(hero)).toBe("Slide 1 of 3");
    await expect(hero.getByRole("button", { name: "Plan", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("the move between slides takes about 500 ms", async ({ page }) => {
    const { hero } = await openHome(page);
    // The slides are a scroll-snap strip; the move is a scroll of one slide's width.
    const strip = hero.locator("[data-carousel-viewport]");
    const offset = () => strip.evaluate((el) => el.scrollLeft);
    const width = await strip.evaluate((el) => el.clientWidth);
    await page.clock.runFor(3000);
    await expect.poll(() => shownSlide(hero)).toBe("Slide 2 of 3");
    // Still on the way after 250 ms, in place (within 1% of a slide) after 520 ms.
    await page.clock.runFor(250);
    expect(Math.abs((await offset()) - width)).toBeGreaterThan(width * 0.05);
    await page.clock.runFor(270);
    expect(Math.abs((await offset()) - width)).toBeLessThan(width * 0.01);
  });

  test("pauses while hovered or focused, and stops with the pause button", async ({ page }) => {
    const { hero } = await openHome(page);
    await hero.hover();
    await page.clock.runFor(7000);
    expect(await shownSlide(hero)).toBe("Slide 1 of 3");
    await page.mouse.move(5, 5);
    await page.clock.runFor(3100);
    await expect.poll(() => shownSlide(hero)).toBe("Slide 2 of 3");

    await hero.getByRole("button", { name: "Next slide" }).focus();
    await page.clock.runFor(7000);
    expect(await shownSlide(hero)).toBe("Slide 2 of 3");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(3100);
    await expect.poll(() => shownSlide(hero)).toBe("Slide 3 of 3");

    await hero.getByRole("button", { name: "Pause the slide show" }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await expect(hero.getByRole("button", { name: "Start the slide show" })).toBeVisible();
    await page.clock.runFor(10_000);
    expect(await shownSlide(hero)).toBe("Slide 3 of 3");
    // While it rotates the slides are not announced; once stopped, changes are.
    await expect(hero.locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
  });

  test("never moves by itself under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { hero, stories } = await openHome(page);
    await expect(hero.getByRole("button", { name: "Start the slide show" })).toBeVisible();
    await page.clock.runFor(12_000);
    expect(await shownSlide(hero)).toBe("Slide 1 of 3");
    expect(await shownSlide(stories)).toBe("Slide 1 of 5");
    // The buttons still work, and the slide is in place at once.
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => shownSlide(hero)).toBe("Slide 2 of 3");
  });
});

test.describe("testimonials", () => {
  test("shows all five stories, every 3 s, and wraps around", async ({ page }) => {
    const { stories } = await openHome(page);
    await expect(stories.locator('[aria-roledescription="slide"]')).toHaveCount(5);
    for (const name of [
      "Kavya Iyer",
      "Marcus Lindqvist",
      "Rahul Menon",
      "Sneha Bhattacharya",
      "Amara Okonkwo",
    ]) {
      await expect(
        stories.locator('[aria-roledescription="slide"]', { hasText: name }),
      ).toHaveCount(1);
    }
    const seen: (string | null)[] = [await shownSlide(stories)];
    for (let i = 0; i < 5; i++) {
      await page.clock.runFor(3000);
      await expect.poll(() => shownSlide(stories)).not.toBe(seen.at(-1));
      seen.push(await shownSlide(stories));
    }
    expect(seen).toEqual([
      "Slide 1 of 5",
      "Slide 2 of 5",
      "Slide 3 of 5",
      "Slide 4 of 5",
      "Slide 5 of 5",
      "Slide 1 of 5",
    ]);
    await stories.getByRole("button", { name: /^Show slide 4/ }).click();
    await expect.poll(() => shownSlide(stories)).toBe("Slide 4 of 5");
  });
});

test.describe("team figures", () => {
  const figures = ["40%", "92%", "30%", "50%"];

  test("the prerendered page already states the final figures", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const value of [40, 92, 30, 50]) {
      expect(html).toMatch(new RegExp(`data-count-up="${value}"[^>]*>${value}(<!-- -->)?%`));
    }
  });

  test("count up from 0 when scrolled into view and end on the claims", async ({ page }) => {
    await page.goto("/");
    const counters = page.locator("[data-count-up]");
    await expect(counters).toHaveCount(4);
    // Below the fold they wait at 0; screen readers only ever get the final value.
    await expect(counters.first()).toHaveText("0%");
    await expect(page.getByText("92%", { exact: true }).first()).toHaveClass(/sr-only/);
    await page
      .getByRole("heading", { name: /Spend your week leading the team/ })
      .scrollIntoViewIfNeeded();
    await counters.nth(3).scrollIntoViewIfNeeded();
    for (const [i, text] of figures.entries()) await expect(counters.nth(i)).toHaveText(text);
  });

  test("show the final values at once under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Hourline at work" })).toHaveAttribute(
      "data-ready",
      "true",
    );
    const counters = page.locator("[data-count-up]");
    for (const [i, text] of figures.entries()) await expect(counters.nth(i)).toHaveText(text);
  });
});

test.describe("video and posts", () => {
  test("the player loads from youtube-nocookie only after play is pressed", async ({ page }) => {
    const playerRequests: string[] = [];
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) => {
      playerRequests.push(route.request().url());
      return route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>player</title>",
      });
    });
    await page.goto("/");
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Hourline in two minutes" }),
    });
    await expect(section.locator("iframe")).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(playerRequests).toEqual([]);

    await section.getByRole("button", { name: /^Play video: Hourline in two minutes/ }).click();
    const frame = section.locator("iframe");
    await expect(frame).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/Hq7ZpL3vTn4\?autoplay=1/,
    );
    await expect(frame).toHaveAttribute("title", "Hourline in two minutes");
    await expect.poll(() => playerRequests.length).toBe(1);
  });

  test("three posts from our own accounts link out without any embed script", async ({ page }) => {
    await page.goto("/");
    const posts = page
      .getByRole("list", { name: "Recent posts from the team" })
      .getByRole("listitem");
    await expect(posts).toHaveCount(3);
    for (const [network, host] of [
      ["LinkedIn", "https://www.linkedin.com/"],
      ["X", "https://x.com/"],
      ["Instagram", "https://www.instagram.com/"],
    ] as const) {
      const link = page.getByRole("link", { name: `Follow us on ${network} (opens in a new tab)` });
      await expect(link).toHaveAttribute("href", new RegExp(`^${host.replace(/\./g, "\\.")}`));
    }
    await expect(page.locator("iframe")).toHaveCount(0);
    const sources = await page
      .locator("script[src], link[rel=modulepreload]")
      .evaluateAll((els) =>
        els.map(
          (el) =>
            new URL(el.getAttribute("src") ?? el.getAttribute("href") ?? "", location.href).origin,
        ),
      );
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set([new URL(page.url()).origin]));
  });

  test("the rating summary adds up, says where it comes from, and asks for no review by mail", async ({
    page,
  }) => {
    await page.goto("/");
    const block = page.locator("section", {
      has: page.getByRole("heading", { name: /How admins rate/ }),
    });
    const counts = await block.locator("tbody td:last-child").allTextContents();
    expect(counts).toHaveLength(5);
    const total = counts.reduce((s, c) => s + Number(c), 0);
    await expect(block).toContainText(`${total} ratings`);
    await expect(block).toContainText("asked in the product after their third invoice");
    await expect(block.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(block.getByRole("link", { name: "Tell us what to change" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
  });
});

test.describe("home accessibility and layout", () => {
  for (const width of [1280, 375]) {
    test(`axe finds nothing and nothing scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.getByRole("region", { name: "Customer stories" })).toHaveAttribute(
        "data-ready",
        "true",
      );
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe("sliders on a phone", () => {
  for (const width of [320, 360, 768]) {
    test(`at ${width} px each picker is one row, clear of the buttons`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      for (const name of ["Hourline at work", "Customer stories"]) {
        const carousel = page.getByRole("region", { name });
        const picks = await carousel
          .locator("[data-carousel-pick]")
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
        const tops = new Set(picks.map((b) => Math.round(b.top)));
        expect(tops.size, `${name}: rows of the picker at ${width}px`).toBe(1);
        const buttons = await carousel
          .locator("[data-carousel-step], [data-carousel-rotation]")
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
        for (const p of picks) {
          for (const b of buttons) {
            const apart =
              p.right <= b.left || p.left >= b.right || p.bottom <= b.top || p.top >= b.bottom;
            expect(apart, `${name}: a picker button overlaps a control at ${width}px`).toBe(true);
          }
        }
      }
    });
  }
});
