import type { Config } from "@react-router/dev/config";
import { listPosts } from "./app/content/blog/posts";
import { notFoundPrerenderPath, staticPageRoutes } from "./app/site";

export default {
  ssr: false,
  async prerender() {
    const posts = await listPosts();
    return [
      ...staticPageRoutes.map((r) => r.path),
      ...posts.map((p) => `/blog-details/${p.id}`),
      notFoundPrerenderPath,
    ];
  },
} satisfies Config;
