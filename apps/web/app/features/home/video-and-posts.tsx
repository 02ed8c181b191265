/**
 * The product video (a facade: nothing loads from YouTube until play is pressed) and three recent
 * posts from our social accounts as plain cards in a swipeable row, linking out to each account.
 */
import { ArrowUpRight } from "lucide-react";
import { SectionHeading } from "~/components/ui/section-heading";
import { VideoFacade } from "~/components/video-facade";
import { socialPosts } from "~/content/social-posts";
import { overviewVideo } from "~/content/videos";

const postDate = new Intl.DateTimeFormat("en-US", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export function VideoAndPosts() {
  return (
    <section aria-labelledby="video-title" className="container-page py-20">
      <div className="grid grid-cols-1 items-center gap-12 lg:grid-cols-[1.25fr_1fr]">
        <div>
          <VideoFacade video={overviewVideo} />
        </div>
        <SectionHeading id="video-title" eyebrow="See it working" title={overviewVideo.title}>
          <p>{overviewVideo.description}</p>
        </SectionHeading>
      </div>

      <h3 id="posts-title" className="mt-16 text-xl font-bold text-ink">
        Recent posts from the team
      </h3>
      <ul
        aria-labelledby="posts-title"
        className="relative -mx-4 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 lg:mx-0 lg:grid lg:grid-cols-3 lg:overflow-visible lg:px-0"
      >
        {socialPosts.map((post) => (
          <li
            key={post.href}
            className="card flex w-[85%] max-w-sm shrink-0 snap-start flex-col p-6 sm:w-[60%] lg:w-auto lg:max-w-none"
          >
            <p className="flex items-center justify-between gap-3 text-sm">
              <span className="font-bold text-ink">
                {post.network} <span className="font-normal text-muted">@{post.handle}</span>
              </span>
              <time dateTime={post.date} className="text-muted">
                {postDate.format(new Date(post.date))}
              </time>
            </p>
            <p className="mt-4 flex-1 text-ink">{post.text}</p>
            <a
              href={post.href}
              rel="noopener"
              target="_blank"
              className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand no-underline"
            >
              Follow us on {post.network}
              <span className="sr-only"> (opens in a new tab)</span>
              <ArrowUpRight aria-hidden="true" className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
