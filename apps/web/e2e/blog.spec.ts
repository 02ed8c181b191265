import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const postCards = (page: Page) =>
  page.getByRole("main").getByRole("link", { name: /^Read More about / });
const sidebarLinks = (page: Page) =>
  page.getByRole("complementary", { name: "Recent posts" }).getByRole("link");

async function hrefs(page: Page, links: ReturnType<typeof postCards>) {
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
}

test.describe("blog list", () => {
  test("lists the eight posts and the first four in the sidebar", async ({ page }) => {
    await page.goto("/blogs");
    expect(await hrefs(page, postCards(page))).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((id) => `/blog-details/${id}`),
    );
    expect(await hrefs(page, sidebarLinks(page))).toEqual(
      [1, 2, 3, 4].map((id) => `/blog-details/${id}`),
    );
  });

  test("typing filters the posts and keeps the query in the address", async ({ page }) => {
    await page.goto("/blogs");
    const box = page.getByRole("searchbox", { name: "Search the blog" });
    await expect(page.getByRole("status")).toHaveText("All 8 posts, newest first.");
    await box.pressSequentially("kanban", { delay: 20 });
    await expect(page).toHaveURL(/\/blogs\?q=kanban$/);
    await expect(page.getByRole("status")).toHaveText(/^\d posts match “kanban”\.$/);
    const found = await hrefs(page, postCards(page));
    expect(found.slice(0, 2).sort()).toEqual(["/blog-details/7", "/blog-details/8"]);
    expect(found).not.toContain("/blog-details/2");
    // The sidebar does not change with the search.
    await expect(sidebarLinks(page)).toHaveCount(4);

    await box.fill("");
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(postCards(page)).toHaveCount(8);
  });

  test("a search link opens with its results, including words found only in a body", async ({
    page,
  }) => {
    await page.goto("/blogs?q=swimlanes");
    await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue("swimlanes");
    const found = await hrefs(page, postCards(page));
    expect(found).toContain("/blog-details/7");
    expect(found.length).toBeLessThan(8);
    await expect(
      page.getByRole("main").getByRole("heading", { level: 2, name: /swimlane/i }),
    ).toHaveCount(0);
  });

  test("shows a clear state when nothing matches, with ways out", async ({ page }) => {
    await page.goto("/blogs");
    await page.getByRole("searchbox", { name: "Search the blog" }).fill("zeppelin airship");
    await expect(
      page.getByRole("heading", { name: "No posts match “zeppelin airship”" }),
    ).toBeVisible();
    await expect(postCards(page)).toHaveCount(0);
    await expect(page.getByRole("status")).toHaveText("No posts match “zeppelin airship”.");
    await expect(page.getByRole("link", { name: "search the help center" })).toHaveAttribute(
      "href",
      "/help?q=zeppelin%20airship",
    );
    // A person is offered too: the chat opens from the empty result.
    await expect(page.getByRole("button", { name: "Chat with us" })).toBeVisible();
    await page.getByRole("link", { name: "Show all posts" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(postCards(page)).toHaveCount(8);
    await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue("");
  });

  test("topic links are searches too", async ({ page }) => {
    await page.goto("/blogs");
    await page
      .getByRole("region", { name: "Browse by topic" })
      .getByRole("link", { name: "Leave", exact: true })
      .click();
    await expect(page).toHaveURL(/\/blogs\?q=Leave$/);
    await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue("Leave");
    await expect(page.getByRole("status")).toHaveText(/posts? match(es)? “Leave”/);
    expect(await hrefs(page, postCards(page))).toContain("/blog-details/2");
  });
});

test.describe("blog without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a GET form the server answers with the matching posts", async ({ page }) => {
    await page.goto("/blogs");
    const form = page.getByRole("search");
    await expect(form).toHaveAttribute("method", "get");
    await expect(form).toHaveAttribute("action", "/blogs");
    await page.getByRole("searchbox", { name: "Search the blog" }).fill("kanban");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blogs\?q=kanban$/);
    await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue("kanban");
    await expect(page.getByRole("status")).toHaveText(/^3 posts match “kanban”\.$/);
    const found = await hrefs(page, postCards(page));
    expect(found.slice(0, 2).sort()).toEqual(["/blog-details/7", "/blog-details/8"]);
    await postCards(page).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Kanban");
  });

  test("ranks by stem and near spelling, as with JavaScript", async ({ page }) => {
    await page.goto("/blogs?q=kanbn");
    await expect(page.getByRole("status")).toHaveText(/posts? match(es)? “kanbn”/);
    expect((await hrefs(page, postCards(page))).slice(0, 2).sort()).toEqual([
      "/blog-details/7",
      "/blog-details/8",
    ]);
    await page.goto("/blogs?q=zeppelin");
    await expect(page.getByRole("heading", { name: "No posts match “zeppelin”" })).toBeVisible();
    // The chat needs JavaScript: its button is not offered.
    await expect(page.getByRole("button", { name: "Chat with us" })).toBeHidden();
  });

  test("a hostile query is shown as text, and nothing matches it", async ({ page }) => {
    const query = '<img src=x onerror="alert(1)">"><script>alert(2)</script>';
    await page.goto(`/blogs?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue(query);
    await expect(page.getByRole("heading", { name: `No posts match “${query}”` })).toBeVisible();
    await expect(page.locator("main img[src=x], main script")).toHaveCount(0);
  });
});

test.describe("blog post", () => {
  test("shows the article with its date, reading time and body", async ({ page }) => {
    await page.goto("/blog-details/7");
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(
      "A practical guide to Kanban: columns, WIP limits and steady flow",
    );
    await expect(article.locator("time")).toHaveAttribute("datetime", "2025-10-22");
    await expect(article.locator("time")).toHaveText("October 22, 2025");
    await expect(article).toContainText(/(?<!\d)\d+ min read/);
    await expect(
      article.getByRole("img", { name: /Hourline board with To Do, In Progress and Done columns/ }),
    ).toBeVisible();
    await expect(
      article.getByRole("heading", { level: 2, name: "Designing the board" }),
    ).toBeVisible();
    await expect(article.locator(".article-body table")).toHaveCount(1);
  });

  test("the sidebar lists the first five posts other than the current one", async ({ page }) => {
    for (const [id, expected] of [
      [1, [2, 3, 4, 5, 6]],
      [3, [1, 2, 4, 5, 6]],
      [8, [1, 2, 3, 4, 5]],
    ] as const) {
      await page.goto(`/blog-details/${id}`);
      expect(await hrefs(page, sidebarLinks(page))).toEqual(
        expected.map((n) => `/blog-details/${n}`),
      );
    }
  });

  test("previous and next move through the posts in order", async ({ page }) => {
    await page.goto("/blog-details/1");
    const more = page.getByRole("navigation", { name: "More posts" });
    await expect(more.getByRole("link", { name: /Previous post/ })).toHaveCount(0);
    await more.getByRole("link", { name: /Next post/ }).click();
    await expect(page).toHaveURL(/\/blog-details\/2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Writing a fair leave policy your team can understand in five minutes",
    );
    // The new page starts at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await more.getByRole("link", { name: /Previous post/ }).click();
    await expect(page).toHaveURL(/\/blog-details\/1$/);

    await page.goto("/blog-details/8");
    await expect(more.getByRole("link", { name: /Next post/ })).toHaveCount(0);
    await expect(more.getByRole("link", { name: /Previous post/ })).toHaveAttribute(
      "href",
      "/blog-details/7",
    );
  });

  test("an unknown post id is a 404 page", async ({ page, guard }) => {
    guard.allowConsole(/status of 404/);
    for (const path of ["/blog-details/99", "/blog-details/abc"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "We could not find that page",
      );
    }
  });
});

test.describe("blog accessibility", () => {
  for (const width of [1280, 375]) {
    for (const path of ["/blogs", "/blogs?q=zeppelin", "/blog-details/8"]) {
      for (const colorScheme of ["light", "dark"] as const) {
        test(`axe finds nothing on ${path} at ${width} px (${colorScheme})`, async ({ page }) => {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme });
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          if (path.includes("zeppelin")) {
            await expect(page.getByRole("heading", { name: /No posts match/ })).toBeVisible();
          }
          await expectNoAxeViolations(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
        });
      }
    }
  }
});
