import type { Locator, Page } from "@playwright/test";
import { faqSets } from "../app/content/faqs";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const helpQuestions = [
  "How do I create an account and invite my team?",
  "How does billing work?",
  "How is our data protected?",
];

function faqSection(page: Page, title: string): Locator {
  return page.locator("section", { has: page.getByRole("heading", { name: title, exact: true }) });
}

/** A question of a set: its <details>, found by the question's heading. */
function question(set: Locator, text: string | RegExp): Locator {
  return set.locator("details", { has: set.page().getByRole("heading", { name: text }) });
}

async function openQuestions(set: Locator): Promise<string[]> {
  return set.locator("details[open] > summary").allTextContents();
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
    const [first, second, third] = helpQuestions.map((q) => question(faq, q));
    if (!first || !second || !third) throw new Error("questions missing");

    expect(await openQuestions(faq)).toEqual([helpQuestions[0]]);
    await expect(faq.getByText(/Sign up with your work e-mail/)).toBeVisible();

    await third.locator("summary").click();
    expect(await openQuestions(faq)).toEqual([helpQuestions[2]]);
    await expect(faq.getByText(/Sign up with your work e-mail/)).toBeHidden();
    await expect(third).toContainText("encrypted cloud storage");
    await expect(third.getByText(/encrypted cloud storage/)).toBeVisible();

    await third.locator("summary").click();
    expect(await openQuestions(faq)).toEqual([]);

    await second.locator("summary").click();
    await first.locator("summary").click();
    expect(await openQuestions(faq)).toEqual([helpQuestions[0]]);
  });

  test("works from the keyboard", async ({ page }) => {
    await page.goto("/help");
    const faq = faqSection(page, "Frequently asked questions");
    const first = question(faq, helpQuestions[0] ?? "").locator("summary");
    const second = question(faq, helpQuestions[1] ?? "").locator("summary");
    await first.focus();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Enter");
    expect(await openQuestions(faq)).toEqual([helpQuestions[1]]);
    await page.keyboard.press("Space");
    expect(await openQuestions(faq)).toEqual([]);
    await page.keyboard.press("End");
    await expect(
      question(faq, "How do I cancel, and what happens to our data?").locator("summary"),
    ).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(
      question(faq, "How do I cancel, and what happens to our data?").locator("summary"),
    ).toBeFocused();
  });

  test("a link to one question opens that question", async ({ page }) => {
    await page.goto("/faqs#kanban-wip-limits");
    const set = faqSection(page, "Kanban board questions");
    const target = question(set, /work-in-progress limit/i);
    await expect(target).toHaveAttribute("open", "");
    await expect(target.locator("summary")).toBeInViewport();
    expect(await openQuestions(set)).toHaveLength(1);
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

  test("the help variant also leads to the help center's search", async ({ page }) => {
    await page.goto("/help");
    const faq = faqSection(page, "Frequently asked questions");
    await expect(faq.getByRole("link", { name: "Leave us a Message" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
    await faq.getByRole("link", { name: "Search the help center" }).click();
    await expect(page).toHaveURL(/\/help#help-search$/);
    await expect(page.getByRole("searchbox", { name: "Search the help center" })).toBeInViewport();
    // The topic sets use the plain variant: no help link under them.
    await page.goto("/faqs");
    await expect(page.getByRole("link", { name: "Leave us a Message" })).toHaveCount(
      faqSets.length,
    );
    await expect(page.getByRole("link", { name: /help center$/ })).toHaveCount(1);
  });
});

test.describe("/faqs", () => {
  test("holds every set with a table of contents and FAQPage data", async ({ page }) => {
    await page.goto("/faqs");
    const toc = page.getByRole("navigation", { name: "Topics" });
    const entries = toc.getByRole("link");
    await expect(entries).toHaveCount(faqSets.length);
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
      "#faq-assets",
    ]);
    for (const target of targets) {
      await expect(page.locator(`${target} h2`)).toHaveCount(1);
      // Each set opens on its first question, and is one exclusive group of its own.
      await expect(page.locator(`${target} details[open]`)).toHaveCount(1);
      await expect(page.locator(`${target} details:first-child`)).toHaveAttribute("open", "");
      const names = await page
        .locator(`${target} details`)
        .evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute("name")))]);
      expect(names).toEqual([target?.slice(1)]);
    }
    await entries.filter({ hasText: "Scrum board questions" }).click();
    await expect(page).toHaveURL(/#faq-scrum$/);
    await expect(page.getByRole("heading", { name: "Scrum board questions" })).toBeInViewport();

    const [faqPage] = await jsonLd(page, "FAQPage");
    const questions = await page.locator("main details > summary h3").count();
    expect(faqPage?.mainEntity).toHaveLength(questions);
    expect(questions).toBeGreaterThanOrEqual(faqSets.length * 4);
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

  test("the first question is open, one at a time, and a link opens its question", async ({
    page,
  }) => {
    await page.goto("/help");
    const faq = faqSection(page, "Frequently asked questions");
    expect(await openQuestions(faq)).toEqual([helpQuestions[0]]);
    await question(faq, helpQuestions[2] ?? "")
      .locator("summary")
      .click();
    expect(await openQuestions(faq)).toEqual([helpQuestions[2]]);
    await question(faq, helpQuestions[2] ?? "")
      .locator("summary")
      .click();
    expect(await openQuestions(faq)).toEqual([]);
    // Each set keeps its way to a person.
    await expect(faq.getByRole("link", { name: "Leave us a Message" })).toHaveAttribute(
      "href",
      "/contact-us",
    );

    await page.goto("/faqs#kanban-wip-limits");
    const set = faqSection(page, "Kanban board questions");
    await expect(question(set, /work-in-progress limit/i)).toHaveAttribute("open", "");
    expect(await openQuestions(set)).toHaveLength(1);
    await expect(page.getByRole("link", { name: "Leave us a Message" })).toHaveCount(
      faqSets.length,
    );
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
