import { ArrowLeft, ArrowRight } from "lucide-react";
import { data, Link } from "react-router";
import { getPost, listPosts } from "~/content/blog/posts";
import { formatLongDate } from "~/content/long-date";
import { PostSidebar, sidebarPostsFor } from "~/features/blog/post-sidebar";
import { breadcrumbJsonLd, buildMeta, notFoundMeta } from "~/seo";
import { absoluteUrl, brand } from "~/brand";
import type { Route } from "./+types/blog-details";

// One route per post (routes.ts), so the id comes from the path rather than a parameter.
export async function loader({ request }: Route.LoaderArgs) {
  const last = new URL(request.url).pathname.split("/").pop() ?? "";
  const post = /^\d+$/.test(last) ? await getPost(Number(last)) : undefined;
  if (!post) throw data(null, { status: 404 });
  const all = await listPosts();
  const at = all.findIndex((p) => p.id === post.id);
  const link = (p: (typeof all)[number] | undefined) => (p ? { id: p.id, title: p.title } : null);
  const { text: _text, ...shown } = post;
  return {
    post: shown,
    sidebar: sidebarPostsFor(all, post.id).map(({ id, title, image, date, readingMinutes }) => ({
      id,
      title,
      image,
      date,
      readingMinutes,
    })),
    previous: link(all[at - 1]),
    next: link(all[at + 1]),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return notFoundMeta();
  const { post } = loaderData;
  const path = `/blog-details/${post.id}`;
  return buildMeta({
    path,
    title: post.title,
    description: post.description,
    type: "article",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blogs" },
        { name: post.title, path },
      ]),
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        image: absoluteUrl(post.image),
        datePublished: post.date,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: brand.name },
        mainEntityOfPage: absoluteUrl(path),
        wordCount: post.words,
      },
    ],
  });
};

export default function BlogDetails({ loaderData }: Route.ComponentProps) {
  const { post, sidebar, previous, next } = loaderData;
  return (
    <div className="container-page grid grid-cols-1 gap-12 py-14 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="min-w-0">
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <ol className="flex flex-wrap gap-2">
            <li>
              <Link to="/" className="text-brand">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to="/blogs" className="text-brand">
                Blog
              </Link>
            </li>
          </ol>
        </nav>
        <h1 className="mt-4 text-title font-bold text-ink">{post.title}</h1>
        <p className="mt-4 text-lg text-muted">{post.description}</p>
        <p className="mt-4 text-sm text-muted">
          {post.author}, {post.authorRole} ·{" "}
          <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readingMinutes} min
          read
        </p>
        <img
          src={post.image}
          alt={post.imageAlt}
          width={1200}
          height={675}
          // The largest thing on a phone's first screen: fetched before the other images.
          fetchPriority="high"
          className="card mt-8 aspect-video w-full object-cover"
        />
        <div className="article-body mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />
        <ul className="mt-10 flex flex-wrap gap-2" aria-label="Topics">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/blogs?q=${encodeURIComponent(tag)}`}
                className="inline-flex min-h-9 items-center rounded-full bg-sunken px-3.5 text-sm font-semibold text-ink no-underline hover:text-brand"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
        <nav
          aria-label="More posts"
          className="mt-12 grid grid-cols-1 gap-4 border-t border-line pt-8 sm:grid-cols-2"
        >
          {previous ? (
            <Link
              to={`/blog-details/${previous.id}`}
              rel="prev"
              className="card group flex flex-col p-5 no-underline hover:border-brand"
            >
              <span className="flex items-center gap-1 text-sm font-semibold text-muted">
                <ArrowLeft aria-hidden="true" className="size-4" /> Previous post
              </span>
              <span className="mt-2 font-bold text-ink group-hover:text-brand">
                {previous.title}
              </span>
            </Link>
          ) : (
            <span className="hidden sm:block" />
          )}
          {next ? (
            <Link
              to={`/blog-details/${next.id}`}
              rel="next"
              className="card group flex flex-col p-5 text-right no-underline hover:border-brand"
            >
              <span className="flex items-center justify-end gap-1 text-sm font-semibold text-muted">
                Next post <ArrowRight aria-hidden="true" className="size-4" />
              </span>
              <span className="mt-2 font-bold text-ink group-hover:text-brand">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </article>
      <div>
        <PostSidebar title="Recent posts" posts={sidebar} />
      </div>
    </div>
  );
}
