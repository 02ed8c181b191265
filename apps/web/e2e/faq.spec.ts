import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const helpQuestions = [
  "How do I create an account and invite my team?",
  "How does billing work?",
  "How is our data protected?",
];

function faqSection(page: Page, title: string): Locator {
  return page.locator("section", { has: page.getByRole("heading", { name: title, exact: true }) });
}

async function expanded(section: Locator): Promise<string[]> {
  return section
    .locator("button[aria-expanded='true']")
    .evaluateAll((els) => els.map((el) => el.textContent ?? ""));
}

async function jsonLd(page: Page, type: string) {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? "{}")));
  return blocks.filter((b) => b["@type"] === type);
}

test.describe("FAQ accordion", () => {
  test("first open, one at a time, and the open one closes on click", async ({ page }) => {
    await page.goto("/help");
    const faq = faqSection(page, "Frequently asked questions");
    const [first, second, third] = helpQuestions.map((q) => faq.getByRole("button", { name: q }));
    if (!first || !second || !third) throw new Error("questions missing");

    await expect(first).toHaveAttribute("aria-expanded", "true");
    expect(await expanded(faq)).toEqual([helpQuestions[0]]);
    await expect(faq.getByText(/Sign up with your work e-mail/)).toBeVisible();

    await third.click();
    await expect(third).toHaveAttribute("aria-expanded", "true");
    expect(await expanded(faq)).toEqual([helpQuestions[2]]);
    await expect(faq.getByText(/Sign up with your work e-mail/)).toBeHidden();
    await expect(faq.getByRole("region", { name: helpQuestions[2] })).toContainText(
      "encrypted cloud storage",
    );

    await third.click();
    expect(await expanded(faq)).toEqual([]);

    await second.click();
    await first.click();
    expect(await expanded(faq)).toEqual([helpQuestions[0]]);
  });

  test("works from the keyboard", async ({ page }) => {
    await page.goto("/help");
    const faq = faqSection(page, "Frequently asked questions");
    const first = faq.getByRole("button", { name: helpQuestions[0] });
    const second = faq.getByRole("button", { name: helpQuestions[1] });
    await first.focus();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("End");
    await expect(
      faq.getByRole("button", { name: "How do I cancel, and what happens to our data?" }),
    ).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
  });

  test("a link to one question opens that question", async ({ page }) => {
    await page.goto("/faqs#kanban-wip-limits");
    const set = faqSection(page, "Kanban board questions");
    const target = set.getByRole("button", { name: /work-in-progress limit/i });
    await expect(target).toHaveAttribute("aria-expanded", "true");
    await expect(target).toBeInViewport();
    expect(await expanded(set)).toHaveLength(1);
  });

  test("“Leave us a Message” opens the contact page at its top", async ({ page }) => {
    await page.goto("/faqs");
    const link = faqSection(page, "Time approval questions").getByRole("link", {
      name: "Leave us a Message",
    });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    await expect(link).toHaveAttribute("href", "/contact-us");
    await link.click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  });

  test("the help variant also leads to the help centre's search", async ({ page }) => {
    await page.goto("/help");
    const faq = faqSection(page, "Frequently asked questions");
    await expect(faq.getByRole("link", { name: "Leave us a Message" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
    await faq.getByRole("link", { name: "Search the help centre" }).click();
    await expect(page).toHaveURL(/\/help#help-search$/);
    await expect(page.getByRole("searchbox", { name: "Search the help centre" })).toBeInViewport();
    // The topic sets use the plain variant: no help link under them.
    await page.goto("/faqs");
    await expect(page.getByRole("link", { name: "Leave us a Message" })).toHaveCount(13);
    await expect(page.getByRole("link", { name: /help centre$/ })).toHaveCount(1);
  });
});

test.describe("/faqs", () => {
  test("holds the thirteen sets with a table of contents and FAQPage data", async ({ page }) => {
    await page.goto("/faqs");
    const toc = page.getByRole("navigation", { name: "Topics" });
    const entries = toc.getByRole("link");
    await expect(entries).toHaveCount(13);
    const targets = await entries.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(targets).toEqual([
      "#faq-attendance",
      "#faq-holidays",
      "#faq-leave",
      "#faq-general",
      "#faq-startups",
      "#faq-kanban",
      "#faq-scrum",
      "#faq-file-manager",
      "#faq-time-tracker",
      "#faq-screenshots",
      "#faq-time-summary",
      "#faq-editing-time",
      "#faq-time-approval",
    ]);
    for (const target of targets) {
      await expect(page.locator(`${target} h2`)).toHaveCount(1);
      // Each set opens on its first question.
      await expect(page.locator(`${target} button[aria-expanded='true']`)).toHaveCount(1);
    }
    await entries.filter({ hasText: "Scrum board questions" }).click();
    await expect(page).toHaveURL(/#faq-scrum$/);
    await expect(page.getByRole("heading", { name: "Scrum board questions" })).toBeInViewport();

    const [faqPage] = await jsonLd(page, "FAQPage");
    const questions = await page.locator("main h3 button").count();
    expect(faqPage?.mainEntity).toHaveLength(questions);
    expect(questions).toBeGreaterThanOrEqual(13 * 4);
  });

  test("the help page publishes its ten questions as FAQPage data", async ({ page }) => {
    await page.goto("/help");
    const [faqPage] = await jsonLd(page, "FAQPage");
    expect(faqPage?.mainEntity).toHaveLength(10);
    expect(faqPage?.mainEntity[1]).toMatchObject({
      "@type": "Question",
      name: "How does billing work?",
      acceptedAnswer: { "@type": "Answer" },
    });
  });
});

test.describe("FAQ without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every answer is in the page, the closed ones in a noscript block", async ({ page }) => {
    await page.goto("/faqs");
    const html = await page.content();
    // A closed question's answer is printed for browsers that run no scripts.
    expect(html).toMatch(
      /<noscript>(<[^>]+>)*Yes\. Horizontal lanes can split the board by type of work/,
    );
    const noscriptBlocks = await page.locator("main noscript").count();
    const questions = await page.locator("main h3 button").count();
    expect(noscriptBlocks).toBe(questions - 13);
  });
});

test.describe("FAQ accessibility", () => {
  for (const width of [1280, 375]) {
    for (const path of ["/faqs", "/help"]) {
      test(`axe finds nothing on ${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
});
