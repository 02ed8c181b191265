import type { Page } from "@playwright/test";
import { faqSets } from "../app/content/faqs";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search the help center" });
const results = (page: Page) =>
  page.getByRole("list", { name: /answers? for “/ }).getByRole("listitem");

test.describe("help search", () => {
  test("finds FAQ answers, help topics and articles as you type", async ({ page }) => {
    await page.goto("/help");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How can we Help?");
    await searchBox(page).pressSequentially("billing", { delay: 20 });
    await expect(page).toHaveURL(/\/help\?q=billing$/);
    await expect(page.getByRole("status")).toHaveText(/^\d+ answers for “billing”\.$/);
    const found = results(page);
    await expect(found.first()).toBeVisible();
    const kinds = await found.locator("span.rounded-full").allTextContents();
    expect(kinds).toEqual(expect.arrayContaining(["Question", "Topic"]));
    await expect(found.filter({ hasText: "How does billing work?" })).toHaveCount(1);

    await searchBox(page).fill("swimlanes");
    await expect(page).toHaveURL(/\/help\?q=swimlanes$/);
    await expect(found.filter({ hasText: "Can I split the board into swimlanes?" })).toHaveCount(1);
    await expect(found.filter({ hasText: "A practical guide to Kanban" })).toHaveCount(1);
  });

  test("a result opens the answer it names", async ({ page }) => {
    await page.goto("/help?q=idle");
    await expect(searchBox(page)).toHaveValue("idle");
    await results(page).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/faqs#time-tracker-idle-detection$/);
    const question = page.locator("details", { has: page.locator("#time-tracker-idle-detection") });
    await expect(question).toHaveAttribute("open", "");
    await expect(question.locator("summary")).toContainText(/idle/i);
    await expect(question.locator("summary")).toBeInViewport();
  });

  test("a search link is shareable, long lists can be expanded", async ({ page }) => {
    await page.goto("/help?q=time");
    await expect(page.getByRole("status")).toHaveText(/^(\d+) answers for “time”\.$/);
    const total = Number((await page.getByRole("status").textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(8);
    await expect(results(page)).toHaveCount(8);
    await page.getByRole("link", { name: `Show all ${total} answers` }).click();
    await expect(results(page)).toHaveCount(total);
    // The first answer that was not shown before takes the focus.
    await expect(results(page).nth(8).getByRole("link")).toBeFocused();
  });

  test("says clearly when nothing matches and offers a person instead", async ({ page }) => {
    await page.goto("/help");
    await searchBox(page).fill("zeppelin");
    await expect(page.getByRole("status")).toHaveText("Nothing matches “zeppelin”.");
    await expect(results(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "send a message" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
    await expect(page.locator("[data-search-chat]")).toHaveText("Chat with us");
    await expect(page.locator("[data-search-chat]")).toBeVisible();
    await searchBox(page).fill("");
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("status")).toHaveText("");
  });

  // The words people type (issue 31): an abbreviation, a synonym, a typo. On a phone the box goes
  // to the top as it is focused, so the first answer is in view while typing.
  const cases = [
    ["gdpr", "/policy#"],
    ["sso", "/help#help-create-account"],
    ["2fa", "/trust&security#access"],
    ["refund", "/refund-and-cancellation-policy#"],
    ["timesheeet export", "/faqs#time-summary-export"],
  ] as const;

  test("ranks answers for the words people use, in view on a phone as they type", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/help");
    for (const [query, href] of cases) {
      await searchBox(page).fill("");
      await searchBox(page).pressSequentially(query, { delay: 20 });
      await expect(page.getByRole("status")).toHaveText(new RegExp(`answers? for “${query}”`));
      const first = results(page).first().getByRole("link");
      await expect(first, query).toHaveAttribute("href", new RegExp(`^${escapeRegExp(href)}`));
      await expect(first, `${query}: the first answer is on screen`).toBeInViewport();
    }
  });

  test("popular searches are links to results", async ({ page }) => {
    await page.goto("/help");
    await page.getByRole("link", { name: "leave balance", exact: true }).click();
    await expect(page).toHaveURL(/\/help\?q=leave%20balance$/);
    await expect(searchBox(page)).toHaveValue("leave balance");
    await expect(
      results(page).filter({ hasText: "How do employees check their leave balance?" }),
    ).toHaveCount(1);
  });
});

test.describe("help without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a GET form the server answers; topics and questions are all there", async ({
    page,
  }) => {
    await page.goto("/help");
    const form = page.getByRole("search");
    await expect(form).toHaveAttribute("method", "get");
    await expect(form).toHaveAttribute("action", "/help");
    await searchBox(page).fill("leave");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/help\?q=leave$/);
    await expect(searchBox(page)).toHaveValue("leave");
    await expect(page.getByRole("status")).toHaveText(/^(\d+) answers for “leave”\.$/);
    const total = Number((await page.getByRole("status").textContent())?.match(/\d+/)?.[0]);
    await expect(results(page)).toHaveCount(Math.min(total, 8));
    await expect(
      page.getByRole("region", { name: "Find your way in" }).locator("li[id]"),
    ).toHaveCount(5);
    // "Show all" is a link the server answers too.
    await page.getByRole("link", { name: `Show all ${total} answers` }).click();
    await expect(page).toHaveURL(/\/help\?q=leave&all=1#help-results$/);
    await expect(results(page)).toHaveCount(total);

    await page.getByRole("link", { name: "idle time", exact: true }).click();
    await expect(searchBox(page)).toHaveValue("idle time");
    await expect(results(page).first()).toBeVisible();
  });
});

test.describe("help search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server ranks the same answers for the words people use", async ({ page }) => {
    for (const [query, href] of [
      ["gdpr", "/policy#"],
      ["sso", "/help#help-create-account"],
      ["timesheeet export", "/faqs#time-summary-export"],
    ] as const) {
      await page.goto(`/help?q=${encodeURIComponent(query)}`);
      await expect(searchBox(page)).toHaveValue(query);
      await expect(results(page).first().getByRole("link"), query).toHaveAttribute(
        "href",
        new RegExp(`^${escapeRegExp(href)}`),
      );
    }
    // Nothing found: a person is offered; the chat button needs JavaScript, so it stays hidden.
    await page.goto("/help?q=zeppelin");
    await expect(page.getByRole("status")).toHaveText("Nothing matches “zeppelin”.");
    await expect(page.getByRole("link", { name: "send a message" })).toBeVisible();
    await expect(page.locator("[data-search-chat]")).toBeHidden();
  });
});

test.describe("help topics and contact", () => {
  test("five topic cards, each leading to answers that exist", async ({ page }) => {
    await page.goto("/help");
    const cards = page
      .getByRole("region", { name: "Find your way in" })
      .locator("li[id^='topic-']");
    await expect(cards.locator("h3")).toHaveText([
      "Organize your work",
      "Use cases",
      "Plans and billing",
      "Reporting",
      "Account admin",
    ]);
    const hrefs = await cards
      .getByRole("link")
      .evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThanOrEqual(20);
    const faqAnchors = hrefs.filter((h) => h.startsWith("/faqs#")).map((h) => h.slice(5));
    const helpAnchors = hrefs.filter((h) => h.startsWith("/help#")).map((h) => h.slice(5));
    for (const anchor of helpAnchors) await expect(page.locator(anchor)).toHaveCount(1);
    await page.goto("/faqs");
    for (const anchor of faqAnchors) await expect(page.locator(anchor)).toHaveCount(1);
    for (const href of hrefs.filter((h) => !h.includes("#"))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test("contact lines come from the brand; only the chat launcher sits in the bottom right corner", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/help");
    const contact = page.getByRole("complementary", { name: "Talk to a person" });
    await expect(contact.getByRole("link", { name: "support@hourline.example" })).toHaveAttribute(
      "href",
      "mailto:support@hourline.example",
    );
    await expect(contact.getByRole("link", { name: "+91 20 4120 7788" })).toHaveAttribute(
      "href",
      "tel:+912041207788",
    );
    await expect(contact).toContainText("when the team is back");
    await expect(contact).not.toContainText("within 2 hours");
    await expect(page.getByRole("button", { name: "Open support chat" })).toBeVisible();
    for (const y of [0, 1500, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const fixedBottomRight = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((el) => {
            const style = getComputedStyle(el);
            if (style.position !== "fixed" || style.display === "none") return false;
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.right > innerWidth - 120 && r.bottom > innerHeight - 120;
          })
          .map((el) => el.id),
      );
      expect(fixedBottomRight).toEqual(["support-chat-launcher"]);
    }
  });
});

test.describe("demo", () => {
  test("eight introductions, each a facade with its heading and description", async ({ page }) => {
    const player: string[] = [];
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) => {
      player.push(route.request().url());
      return route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>player</title>",
      });
    });
    await page.goto("/demo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Introduction Videos");
    const videos = page.getByRole("main").getByRole("article");
    await expect(videos).toHaveCount(8);
    await expect(videos.getByRole("heading", { level: 2 })).toHaveCount(8);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("main").locator("blockquote")).toContainText("Thank you");

    const leave = videos.filter({ hasText: "Leave policies, requests and balances" });
    await leave.getByRole("button", { name: /^Play video:/ }).click();
    await expect(leave.locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/lV5eQ2pRs9M\?/,
    );
    await expect(page.locator("iframe")).toHaveCount(1);
    await expect.poll(() => player.length).toBe(1);
  });
});

test.describe("knowledge base", () => {
  test("links the help topics, every FAQ set and every post", async ({ page }) => {
    await page.goto("/knowledge");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Knowledge base");
    const topics = page.getByRole("region", { name: "Guides by topic" }).getByRole("link");
    await expect(topics).toHaveCount(5);
    const sets = page
      .getByRole("region", { name: "Answers, module by module" })
      .getByRole("link", { name: /^All \d+/ });
    await expect(sets).toHaveCount(faqSets.length);
    const posts = page
      .getByRole("region", { name: "Articles" })
      .getByRole("heading", { level: 3 })
      .getByRole("link");
    await expect(posts).toHaveCount(8);

    await topics.filter({ hasText: "Plans and billing" }).click();
    await expect(page).toHaveURL(/\/help#topic-billing$/);
    await expect(page.locator("#topic-billing")).toBeInViewport();

    await page.goto("/knowledge");
    await page.getByRole("searchbox", { name: "Search the help center" }).fill("carry forward");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/help\?q=carry\+forward$/);
    await expect(results(page).filter({ hasText: "Can unused leave carry forward" })).toHaveCount(
      1,
    );
  });
});

test.describe("help, demo and knowledge accessibility", () => {
  for (const width of [1280, 375]) {
    for (const path of ["/help?q=leave", "/demo", "/knowledge"]) {
      test(`axe finds nothing on ${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (path.includes("?q=")) await expect(results(page).first()).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
});
