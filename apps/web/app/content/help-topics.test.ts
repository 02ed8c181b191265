import { describe, expect, it } from "vitest";
import { staticPageRoutes } from "~/site";
import { listPosts } from "./blog/posts";
import { faqSets, featurePathByTopic, helpFaq } from "./faqs";
import { featurePages } from "./features";
import { faqHref, helpTopics, resolveHelpTopics } from "./help-topics";

const paths = staticPageRoutes.map((r) => r.path);

describe("help topics", () => {
  it("are these five, in this order, each leading to several real answers", async () => {
    const topics = resolveHelpTopics(await listPosts(), paths);
    expect(topics.map((t) => t.title)).toEqual([
      "Organize your work",
      "Use cases",
      "Plans and billing",
      "Reporting",
      "Account admin",
    ]);
    for (const topic of topics) {
      expect(topic.links.length).toBeGreaterThanOrEqual(4);
      expect(new Set(topic.links.map((l) => l.href)).size).toBe(topic.links.length);
    }
  });

  it("fail loudly on a reference to an answer, post or page that does not exist", async () => {
    const posts = await listPosts();
    const first = helpTopics[0];
    if (!first) throw new Error("no topics");
    const original = first.links;
    try {
      first.links = [{ faq: "no-such-question" }];
      expect(() => resolveHelpTopics(posts, paths)).toThrow(/no FAQ answer/);
      first.links = [{ post: 99 }];
      expect(() => resolveHelpTopics(posts, paths)).toThrow(/no blog post 99/);
      first.links = [{ page: "/nowhere", label: "Nowhere" }];
      expect(() => resolveHelpTopics(posts, paths)).toThrow(/no page \/nowhere/);
    } finally {
      first.links = original;
    }
  });

  it("link help questions to /help and topic questions to /faqs", () => {
    expect(faqHref(helpFaq[0]?.id ?? "")).toBe(`/help#${helpFaq[0]?.id}`);
    expect(faqHref("kanban-wip-limits")).toBe("/faqs#kanban-wip-limits");
  });
});

describe("FAQ sets and feature pages", () => {
  it("the /faqs page links each set to the feature page that shows it", () => {
    for (const set of faqSets) {
      const shownOn = featurePages.filter((p) => p.faqTopic === set.topic).map((p) => p.path);
      const linked = featurePathByTopic[set.topic];
      // A set shown on one feature page links there; a set shared by several links to none.
      expect(linked, set.topic).toBe(shownOn.length === 1 ? shownOn[0] : undefined);
    }
  });
});
