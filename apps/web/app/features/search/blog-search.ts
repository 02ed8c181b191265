/** The blog's search data, built at build time: each post's card and its word indexes. */
import {
  wordIndex,
  type BlogSearchData,
  type BlogSearchPost,
} from "@hourline/contracts/site-search";
import { getPost, listPosts } from "~/content/blog/posts";
import { formatLongDate } from "~/content/long-date";

/** Builds a post's word indexes from its fields and its plain-text body. */
export function postSearchIndex(post: {
  title: string;
  description: string;
  tags: readonly string[];
  bodyText: string;
}): BlogSearchPost["search"] {
  return {
    title: wordIndex(post.title),
    description: wordIndex(`${post.description} ${post.tags.join(" ")}`),
    body: wordIndex(post.bodyText),
  };
}

export async function blogSearchData(): Promise<BlogSearchData> {
  const summaries = await listPosts();
  const posts = await Promise.all(
    summaries.map(async (post): Promise<BlogSearchPost> => {
      const full = await getPost(post.id);
      return {
        id: post.id,
        title: post.title,
        description: post.description,
        tags: [...post.tags],
        image: post.image,
        imageAlt: post.imageAlt,
        date: post.date,
        dateLabel: formatLongDate(post.date),
        readingMinutes: post.readingMinutes,
        search: postSearchIndex({ ...post, bodyText: full?.text ?? "" }),
      };
    }),
  );
  return {
    page: "blog",
    posts,
    // Every tag, so "Browse by topic" reaches every post.
    topics: [...new Set(posts.flatMap((p) => p.tags))].sort((a, b) => a.localeCompare(b)),
  };
}
