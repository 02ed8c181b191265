import { data, Link } from "react-router";
import { getPost } from "~/content/blog/posts";
import { breadcrumbJsonLd, buildMeta, notFoundMeta } from "~/seo";
import { absoluteUrl, brand } from "~/brand";
import type { Route } from "./+types/blog-details";

export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const post = /^\d+$/.test(params.id) ? await getPost(id) : undefined;
  if (!post) throw data(null, { status: 404 });
  return { post };
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

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export default function BlogDetails({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="container-page max-w-4xl py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/blogs" className="text-brand">
          Blog
        </Link>
      </nav>
      <h1 className="mt-4 text-title font-bold text-ink">{post.title}</h1>
      <p className="mt-4 text-lg text-muted">{post.description}</p>
      <p className="mt-4 text-sm text-muted">
        {post.author}, {post.authorRole} ·{" "}
        <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time> ·{" "}
        {post.readingMinutes} min read
      </p>
      <img
        src={post.image}
        alt={post.imageAlt}
        width={1200}
        height={675}
        className="card mt-8 aspect-video w-full object-cover"
      />
      <div className="article-body mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
