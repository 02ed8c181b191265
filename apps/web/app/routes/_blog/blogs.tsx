import { SearchX } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { getPost, listPosts } from "~/content/blog/posts";
import { formatPostDate } from "~/features/blog/post-date";
import { PostSidebar } from "~/features/blog/post-sidebar";
import { postSearchIndex, searchPosts } from "~/features/search/blog-search";
import { useHydrated } from "~/hooks/use-hydrated";
import { metaForPath } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/blogs";

/** The list page's sidebar shows the first four posts. */
const RECENT_POSTS = 4;

export async function loader() {
  const summaries = await listPosts();
  const posts = await Promise.all(
    summaries.map(async (post) => {
      const full = await getPost(post.id);
      return { ...post, search: postSearchIndex({ ...post, bodyText: full?.text ?? "" }) };
    }),
  );
  return { posts };
}

// The posts are part of the prerendered page; a new ?q= only filters them again in the browser.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

export const meta: Route.MetaFunction = () => metaForPath("/blogs");

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const route = requirePageRoute("/blogs");
  const { posts } = loaderData;
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  // The prerendered HTML has no query; it is applied once the page runs in the browser.
  const urlQuery = hydrated ? (params.get("q") ?? "") : "";
  const [draft, setDraft] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    // The query changed from outside the box (a topic link, back and forward): follow it.
    setSeenUrlQuery(urlQuery);
    setDraft(urlQuery);
  }
  const query = draft.trim();
  const results = useMemo(() => searchPosts(posts, query), [posts, query]);
  const topics = useMemo(() => [...new Set(posts.flatMap((p) => p.tags))].slice(0, 8), [posts]);

  function onQueryChange(value: string) {
    setDraft(value);
    setParams(value.trim() ? { q: value } : {}, { replace: true, preventScrollReset: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Results are already on screen; without JavaScript the form loads /blogs?q=… instead.
    event.preventDefault();
  }

  return (
    <>
      <PageHeader eyebrow="Blog" heading={route.heading}>
        <p>{route.description}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-10 py-14 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <form
            role="search"
            method="get"
            action="/blogs"
            onSubmit={onSubmit}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="flex-1">
              <label htmlFor="blog-search" className="block text-sm font-semibold text-ink">
                Search the blog
              </label>
              <input
                id="blog-search"
                type="search"
                name="q"
                value={draft}
                onChange={(e) => onQueryChange(e.target.value)}
                placeholder="Try “sprint”, “leave policy” or “idle time”"
                autoComplete="off"
                enterKeyHint="search"
                className="mt-2 h-12 w-full rounded-full border border-line bg-surface px-5 text-ink placeholder:text-muted focus-visible:border-brand"
              />
            </div>
            <button type="submit" className="btn btn-primary h-12">
              Search
            </button>
          </form>
          <noscript>
            <p className="mt-3 text-sm text-muted">
              Filtering runs in your browser and needs JavaScript. With it switched off, every post
              is listed below.
            </p>
          </noscript>

          {/* The no-results card says it on screen; the status line says it to screen readers. */}
          <p
            role="status"
            className={`mt-6 text-sm text-muted ${results.length === 0 ? "sr-only" : ""}`}
          >
            {query
              ? `${results.length === 0 ? "No" : results.length} ${results.length === 1 ? "post matches" : "posts match"} “${query}”.`
              : `All ${posts.length} posts, newest first.`}
          </p>

          {results.length === 0 ? (
            <NoResults query={query} topics={topics} />
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2">
              {results.map((post) => (
                <li key={post.id} className="card flex flex-col overflow-hidden">
                  <img
                    src={post.image}
                    alt={post.imageAlt}
                    width={1200}
                    height={675}
                    loading={post.id <= 2 ? "eager" : "lazy"}
                    className="aspect-video w-full bg-sunken object-cover"
                  />
                  <div className="flex flex-1 flex-col p-5">
                    <p className="text-xs text-muted">
                      <time dateTime={post.date}>{formatPostDate(post.date)}</time> ·{" "}
                      {post.readingMinutes} min read
                    </p>
                    <h2 className="mt-2 text-lg font-bold text-ink">{post.title}</h2>
                    <p className="mt-2 flex-1 text-sm text-muted">{post.description}</p>
                    <Link to={`/blog-details/${post.id}`} className="mt-4 font-semibold text-brand">
                      Read More<span className="sr-only"> about {post.title}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}

          <section aria-labelledby="topics-title" className="mt-12">
            <h2 id="topics-title" className="text-base font-bold text-ink">
              Browse by topic
            </h2>
            <TopicLinks topics={topics} />
          </section>
        </div>

        <PostSidebar title="Recent posts" posts={posts.slice(0, RECENT_POSTS)} />
      </div>
    </>
  );
}

function TopicLinks({ topics }: { topics: string[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {topics.map((topic) => (
        <li key={topic}>
          <Link
            to={`/blogs?q=${encodeURIComponent(topic)}`}
            className="inline-flex min-h-9 items-center rounded-full border border-line bg-surface px-3.5 text-sm font-semibold text-ink no-underline hover:border-brand"
          >
            {topic}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NoResults({ query, topics }: { query: string; topics: string[] }) {
  return (
    <div className="card mt-4 p-8 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-muted" />
      <h2 className="mt-4 text-xl font-bold text-ink">No posts match “{query}”</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        Every word you type has to appear in a post. Try fewer or shorter words, check the spelling,
        or start from one of these topics:
      </p>
      <div className="flex justify-center">
        <TopicLinks topics={topics.slice(0, 5)} />
      </div>
      <p className="mt-6 text-sm text-muted">
        <Link to="/blogs" className="font-semibold text-brand">
          Show all posts
        </Link>{" "}
        or{" "}
        <Link to={`/help?q=${encodeURIComponent(query)}`} className="font-semibold text-brand">
          search the help centre
        </Link>
        .
      </p>
    </div>
  );
}
