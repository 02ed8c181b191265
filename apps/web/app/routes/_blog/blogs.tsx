import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { listPosts } from "~/content/blog/posts";
import { metaForPath } from "~/seo";
import { requirePageRoute } from "~/site";
import type { Route } from "./+types/blogs";

export async function loader() {
  return { posts: await listPosts() };
}

export const meta: Route.MetaFunction = () => metaForPath("/blogs");

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const route = requirePageRoute("/blogs");
  return (
    <>
      <PageHeader eyebrow="Blog" heading={route.heading}>
        <p>{route.description}</p>
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.posts.map((post) => (
            <li key={post.id} className="card flex flex-col overflow-hidden">
              <img
                src={post.image}
                alt={post.imageAlt}
                width={1200}
                height={675}
                loading="lazy"
                className="aspect-video w-full bg-sunken object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-lg font-bold text-ink">{post.title}</h2>
                <p className="mt-2 flex-1 text-sm text-muted">{post.description}</p>
                <Link
                  to={`/blog-details/${post.id}`}
                  className="mt-4 font-semibold text-brand"
                  aria-label={`Read More: ${post.title}`}
                >
                  Read More
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
