import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listPosts } from "../app/content/blog/posts";
import { blogCover, coverFile, coverScreen, screenDescriptions } from "./blog-covers";

const posts = await listPosts();

describe("blog covers", () => {
  it.each(posts.map((p) => [p.id, p] as const))(
    "post %i: the committed cover is the one its data draws, and its alt text says what it shows",
    (_id, post) => {
      expect(readFileSync(coverFile(post), "utf8")).toBe(blogCover(post));
      expect(post.imageAlt).toContain(screenDescriptions[coverScreen(post)]);
      expect(post.imageAlt).toContain(`Hourline · ${post.tags[0]}`);
    },
  );

  it("draws in the site's palettes, light and dark, and loads nothing", () => {
    for (const post of posts) {
      const svg = blogCover(post);
      expect(svg).toContain("@media (prefers-color-scheme:dark)");
      expect(svg).not.toMatch(/href=|url\(|@import/);
    }
  });

  it("escapes a tag and refuses a post whose tags name no screen", () => {
    expect(blogCover({ id: 1, tags: ["Kanban", "<x>"] })).toContain("Hourline · Kanban");
    expect(blogCover({ id: 1, tags: ["R&D", "Kanban"] })).toContain("Hourline · R&amp;D");
    expect(() => blogCover({ id: 9, tags: ["Cooking"] })).toThrow(/names a cover screen/);
    expect(() => coverFile({ id: 9, image: "/images/../secret.svg" })).toThrow(/is not/);
  });
});
