import { describe, expect, it } from "vitest";
import { searchPosts } from "@hourline/contracts/site-search";
import { getPost } from "~/content/blog/posts";
import { blogSearchData } from "./blog-search";

async function searchablePosts() {
  return (await blogSearchData()).posts;
}

describe("blog topics", () => {
  it('offers every tag of every post under "Browse by topic"', async () => {
    const data = await blogSearchData();
    const tags = new Set(data.posts.flatMap((p) => p.tags));
    expect([...data.topics].sort()).toEqual([...tags].sort());
    for (const topic of ["Kanban", "Scrum", "Time tracking"]) expect(data.topics).toContain(topic);
  });
});

describe("searchPosts over the real posts", () => {
  it("returns every post, in order, for an empty query", async () => {
    const posts = await searchablePosts();
    expect(searchPosts(posts, "  ").map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("finds by title first: both Kanban posts, the guide and the comparison", async () => {
    const ids = searchPosts(await searchablePosts(), "kanban").map((p) => p.id);
    expect(ids.slice(0, 2).sort()).toEqual([7, 8]);
  });

  it("finds words that appear only in a body", async () => {
    const posts = await searchablePosts();
    const full = await getPost(7);
    expect(full?.text).toMatch(/swimlanes/i);
    const ids = searchPosts(posts, "swimlanes").map((p) => p.id);
    expect(ids).toContain(7);
    expect(posts.find((p) => p.id === 7)?.title).not.toMatch(/swimlane/i);
  });

  it("requires every word, and finds nothing for words no post uses", async () => {
    const posts = await searchablePosts();
    expect(searchPosts(posts, "kanban holiday")).not.toContainEqual(
      expect.objectContaining({ id: 1 }),
    );
    expect(searchPosts(posts, "zeppelin")).toEqual([]);
  });

  it("indexes plain text, not HTML markup", async () => {
    const posts = await searchablePosts();
    expect(searchPosts(posts, "href")).toEqual([]);
    expect(searchPosts(posts, "td")).toEqual([]);
  });
});
