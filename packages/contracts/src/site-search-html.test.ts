import { describe, expect, it } from "vitest";
import type { BlogSearchData, HelpSearchData } from "./site-search";
import { escapeHtml } from "./escape-html";
import { FIRST_HELP_RESULTS, searchBlock, searchResults } from "./site-search-html";
import { boundedQuery, MAX_QUERY_LENGTH, wordIndex } from "./site-search";

const blog: BlogSearchData = {
  page: "blog",
  topics: ["Kanban", "Leave & time"],
  posts: [1, 2, 3].map((id) => ({
    id,
    title: id === 2 ? "Kanban <b>limits</b>" : `Post ${id} about leave`,
    description: `Description ${id}`,
    tags: ["Kanban"],
    image: `/images/blog/${id}.svg`,
    imageAlt: `Picture "${id}"`,
    date: "2025-10-22",
    dateLabel: "22 October 2025",
    readingMinutes: 4,
    search: {
      title: wordIndex(id === 2 ? "Kanban limits" : `Post ${id} about leave`),
      description: wordIndex(`Description ${id}`),
      body: wordIndex("body text"),
    },
  })),
};

const help: HelpSearchData = {
  page: "help",
  suggestions: ["leave balance"],
  supportEmail: "support@hourline.example",
  docs: Array.from({ length: 12 }, (_, i) => ({
    kind: "Question" as const,
    title: `Time question ${i}`,
    href: `/faqs#q-${i}`,
    section: "Time & hours",
    excerpt: "An answer.",
    index: { title: wordIndex(`Time question ${i}`), text: wordIndex("answer") },
  })),
};

const hostile = `"><img src=x onerror=alert(1)><script>alert('x')</script>&`;

describe("escapeHtml", () => {
  it("escapes every character that could end a text or an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("searchBlock", () => {
  it("never lets a query or a content value become markup", () => {
    const count = (html: string, char: string) => html.split(char).length - 1;
    for (const data of [blog, help]) {
      const html = searchBlock(data, hostile, true);
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<script>");
      expect(html).toContain(escapeHtml(hostile));
      // Not one markup character of the query survives: the page has the structure it has for
      // the same words without the markup characters (which find the same documents).
      const harmless = searchBlock(data, hostile.replace(/[<>"'&]/g, " "), true);
      for (const char of ["<", ">", '"', "'"]) {
        expect(count(html, char), char).toBe(count(harmless, char));
      }
    }
    expect(searchBlock(blog, "kanban")).toContain("Kanban &lt;b&gt;limits&lt;/b&gt;");
    expect(searchBlock(blog, "")).toContain('alt="Picture &quot;2&quot;"');
  });

  it("puts the query in the box and the links, encoded", () => {
    const html = searchBlock(blog, "zeppelin & co");
    expect(html).toContain('value="zeppelin &amp; co"');
    expect(html).toContain('href="/help?q=zeppelin%20%26%20co"');
    expect(html).toContain('href="/blogs?q=Leave%20%26%20time"');
  });

  it("lists every post for no query, the matches for one, and says when none match", () => {
    expect(searchResults(blog, "").status.text).toBe("All 3 posts, newest first.");
    expect(searchResults(blog, " kanban ").status.text).toBe("1 post matches “kanban”.");
    expect(searchResults(blog, "leave").status.text).toBe("2 posts match “leave”.");
    const none = searchResults(blog, "zeppelin");
    expect(none.status).toEqual({
      text: "No posts match “zeppelin”.",
      className: "mt-6 text-sm text-muted sr-only",
    });
    expect(none.list).toContain("No posts match “zeppelin”</h2>");
  });

  it("shows the first help answers with a link to all of them, or all when asked", () => {
    const first = searchResults(help, "time");
    expect(first.status.text).toBe("12 answers for “time”.");
    expect(first.list.match(/<li>/g)).toHaveLength(FIRST_HELP_RESULTS);
    expect(first.list).toContain('href="/help?q=time&amp;all=1#help-results"');
    expect(first.list).toContain("Show all 12 answers");
    const all = searchResults(help, "time", true);
    expect(all.list.match(/<li>/g)).toHaveLength(12);
    expect(all.list).not.toContain("Show all");
    expect(searchResults(help, "").status.text).toBe("");
    expect(searchResults(help, "zeppelin").list).toContain("mailto:support@hourline.example");
  });

  it("offers the chat, a message and the e-mail when nothing matches", () => {
    const none = searchResults(help, "zeppelin").list;
    // The chat needs the page's script: the button comes hidden and the script shows it.
    expect(none).toMatch(
      /<button type="button" hidden data-search-chat="" [^>]*>Chat with us<\/button>/,
    );
    expect(none).toContain('href="/contact-us"');
    expect(none).toContain("mailto:support@hourline.example");
    expect(none).not.toContain("Every word has to appear");
  });
});

describe("boundedQuery", () => {
  it("keeps the first characters of a long query and never splits one", () => {
    expect(boundedQuery("a".repeat(5000))).toHaveLength(MAX_QUERY_LENGTH);
    const emoji = "😀".repeat(300);
    expect(Array.from(boundedQuery(emoji))).toHaveLength(MAX_QUERY_LENGTH);
    expect(boundedQuery(emoji)).toBe("😀".repeat(MAX_QUERY_LENGTH));
    expect(boundedQuery("short")).toBe("short");
  });
});
