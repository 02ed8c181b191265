/** The list of posts beside the blog and each article ("Recent posts"). */
import { Link } from "react-router";
import { formatLongDate } from "~/content/long-date";

export interface SidebarPost {
  id: number;
  title: string;
  image: string;
  date: string;
  readingMinutes: number;
}

/** The details page lists the first five posts other than the one being read. */
export function sidebarPostsFor<T extends { id: number }>(posts: T[], currentId: number): T[] {
  return posts.filter((p) => p.id !== currentId).slice(0, 5);
}

export function PostSidebar({
  posts,
  title,
  className = "",
}: {
  posts: SidebarPost[];
  title: string;
  className?: string;
}) {
  return (
    // self-start: as a grid item it would otherwise stretch to the height of the whole post list.
    <aside
      aria-labelledby="sidebar-posts-title"
      className={`card self-start p-5 lg:sticky lg:top-24 ${className}`}
    >
      <h2 id="sidebar-posts-title" className="text-lg font-bold text-ink">
        {title}
      </h2>
      <ul className="mt-4 space-y-4">
        {posts.map((post) => (
          <li key={post.id} className="flex gap-3">
            <img
              src={post.image}
              alt=""
              width={96}
              height={72}
              loading="lazy"
              className="h-[3.375rem] w-[4.5rem] shrink-0 rounded-lg bg-sunken object-cover"
            />
            <div className="min-w-0">
              <Link
                to={`/blog-details/${post.id}`}
                className="line-clamp-2 text-sm leading-snug font-semibold text-ink hover:text-brand"
              >
                {post.title}
              </Link>
              <p className="mt-1 text-xs text-muted">
                <time dateTime={post.date}>{formatLongDate(post.date)}</time> ·{" "}
                {post.readingMinutes} min read
              </p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
