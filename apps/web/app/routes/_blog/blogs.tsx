import { searchBlock, blogTopicLinks } from "@hourline/contracts/site-search-html";
import { PageHeader } from "~/components/layout/page-header";
import { blogSearchData } from "~/features/search/blog-search";
import { PostSidebar } from "~/features/blog/post-sidebar";
import { metaForPath } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/blogs";

/** The list page's sidebar shows the first four posts. */
const RECENT_POSTS = 4;

export async function loader() {
  return { search: await blogSearchData() };
}

export const meta: Route.MetaFunction = () => metaForPath("/blogs");

/**
 * The search and the list of posts are one block of shared markup (@hourline/contracts/
 * site-search-html): prerendered here for the empty query, answered by the server for `?q=`, and
 * updated in the browser as the visitor types (app/enhance/live-search.ts).
 */
export default function Blogs({ loaderData }: Route.ComponentProps) {
  const route = requirePageRoute("/blogs");
  const { search } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Blog" heading={route.heading}>
        <p>{route.description}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-10 py-14 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <div dangerouslySetInnerHTML={{ __html: searchBlock(search, "") }} />
          <section aria-labelledby="topics-title" className="mt-12">
            <h2 id="topics-title" className="text-base font-bold text-ink">
              Browse by topic
            </h2>
            <div dangerouslySetInnerHTML={{ __html: blogTopicLinks(search.topics) }} />
          </section>
        </div>

        {/* Below lg the grid above already lists these posts first: no second copy on phones. */}
        <PostSidebar
          title="Recent posts"
          posts={search.posts.slice(0, RECENT_POSTS)}
          className="hidden lg:block"
        />
      </div>
    </>
  );
}
