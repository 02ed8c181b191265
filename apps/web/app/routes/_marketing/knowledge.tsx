import { ArrowRight, BookOpen, PlayCircle, Search } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { listPosts } from "~/content/blog/posts";
import { faqSets } from "~/content/faqs";
import { faqHref, resolveHelpTopics } from "~/content/help-topics";
import { demoVideos } from "~/content/videos";
import { formatLongDate } from "~/content/long-date";
import { routeMeta } from "~/seo";
import { requirePageRoute, staticPageRoutes } from "~/site";
import type { Route } from "./+types/knowledge";

const route = requirePageRoute("/knowledge");

export const meta = () => routeMeta(route);

export async function loader() {
  const posts = await listPosts();
  return {
    posts: posts.map(({ id, title, description, date, readingMinutes, tags }) => ({
      id,
      title,
      description,
      date,
      readingMinutes,
      tags,
    })),
    topics: resolveHelpTopics(
      posts,
      staticPageRoutes.map((r) => r.path),
    ),
  };
}

export default function Knowledge({ loaderData }: Route.ComponentProps) {
  const { posts, topics } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Resources" heading={route.heading}>
        <p>
          Everything we have written down about setting up Hourline and running a team on it: topic
          guides, answers for each module, long-form articles and short videos. Start from a topic,
          or search across all of it.
        </p>
        <form method="get" action="/help" role="search" className="mt-6 flex max-w-xl gap-3">
          <label htmlFor="knowledge-search" className="sr-only">
            Search the help center
          </label>
          <input
            id="knowledge-search"
            type="search"
            name="q"
            placeholder="Search answers and articles"
            className="h-12 min-w-0 flex-1 rounded-full border border-line bg-surface px-5 text-base text-ink placeholder:text-muted focus-visible:border-brand"
          />
          <button type="submit" className="btn btn-primary h-12">
            <Search aria-hidden="true" className="size-4" />
            Search
          </button>
        </form>
      </PageHeader>

      <section aria-labelledby="kb-topics" className="container-page py-16">
        <SectionHeading id="kb-topics" eyebrow="Start here" title="Guides by topic" />
        <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {topics.map((topic) => (
            <li key={topic.id} className="card flex flex-col p-5">
              <h3 className="font-bold text-ink">
                <Link to={`/help#topic-${topic.id}`} className="hover:text-brand">
                  {topic.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-sm text-muted">{topic.summary}</p>
              <p className="mt-4 text-sm text-muted">{topic.links.length} answers</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="kb-areas" className="border-y border-line bg-surface">
        <div className="container-page py-16">
          <SectionHeading id="kb-areas" eyebrow="By product area" title="Answers, module by module">
            <p>
              The first questions of each FAQ set; every set has its own section on the FAQ page.
            </p>
          </SectionHeading>
          <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {faqSets.map((set) => (
              <li key={set.topic} className="rounded-[var(--radius-card)] bg-sunken p-5">
                <h3 className="font-bold text-ink">{set.title}</h3>
                <ul className="mt-3 space-y-2 text-sm">
                  {set.items.slice(0, 3).map((item) => (
                    <li key={item.id}>
                      <Link to={faqHref(item.id)} className="text-brand">
                        {item.question}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link
                  to={`/faqs#faq-${set.topic}`}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-ink"
                >
                  All {set.items.length} {set.title.toLowerCase()}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="kb-articles"
        className="container-page grid grid-cols-1 gap-12 py-16 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div>
          <SectionHeading id="kb-articles" eyebrow="Long reads" title="Articles" />
          <ul className="mt-8 divide-y divide-line border-y border-line">
            {posts.map((post) => (
              <li key={post.id} className="py-5">
                <p className="text-xs text-muted">
                  <time dateTime={post.date}>{formatLongDate(post.date)}</time> ·{" "}
                  {post.readingMinutes} min read · {post.tags.slice(0, 2).join(", ")}
                </p>
                <h3 className="mt-1 text-lg font-bold">
                  <Link to={`/blog-details/${post.id}`} className="text-ink hover:text-brand">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-muted">{post.description}</p>
              </li>
            ))}
          </ul>
        </div>
        <aside aria-label="More ways to learn" className="space-y-5 lg:pt-16">
          <Link to="/demo" className="card flex gap-4 p-5 no-underline hover:border-brand">
            <PlayCircle aria-hidden="true" className="size-8 shrink-0 text-brand" />
            <span>
              <span className="block font-bold text-ink">Watch the introductions</span>
              <span className="mt-1 block text-sm text-muted">
                {demoVideos.length} short videos, one per module, from boards to assets.
              </span>
            </span>
          </Link>
          <Link to="/help" className="card flex gap-4 p-5 no-underline hover:border-brand">
            <BookOpen aria-hidden="true" className="size-8 shrink-0 text-brand" />
            <span>
              <span className="block font-bold text-ink">Ask the help center</span>
              <span className="mt-1 block text-sm text-muted">
                Search every answer at once, or write to the support team.
              </span>
            </span>
          </Link>
        </aside>
      </section>
    </>
  );
}
