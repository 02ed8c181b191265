import { Quote } from "lucide-react";
import { Link } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { PageHeader } from "~/components/layout/page-header";
import { VideoFacade } from "~/components/video-facade";
import { demoVideos } from "~/content/videos";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/demo");

export const meta = () => routeMeta(route);

export default function Demo() {
  return (
    <>
      <PageHeader eyebrow="Product demo" heading={route.heading}>
        <p>
          Eight short walkthroughs, each recorded in a real workspace and each under five minutes.
          Watch them in order for a complete tour, or jump to the module you are deciding about.
          Nothing loads from the video service until you press play.
        </p>
      </PageHeader>

      <div className="container-page py-16">
        <ol className="grid grid-cols-1 gap-x-8 gap-y-14 md:grid-cols-2">
          {demoVideos.map((video, i) => (
            <li key={video.key}>
              <article aria-labelledby={`video-${video.key}`}>
                <VideoFacade video={video} tone={i} />
                <p className="mt-5 text-sm font-semibold text-muted">
                  Part {i + 1} of {demoVideos.length} · {video.duration}
                </p>
                <h2 id={`video-${video.key}`} className="mt-1 text-xl font-bold text-ink">
                  {video.title}
                </h2>
                <p className="mt-2 text-muted">{video.description}</p>
              </article>
            </li>
          ))}
        </ol>

        {/* The quote is a figure of its own; the actions follow it (a figure ends with its caption). */}
        <div className="mx-auto mt-20 max-w-3xl rounded-[2rem] bg-brand-strong px-6 py-12 text-center text-on-brand sm:px-12">
          <figure>
            <Quote aria-hidden="true" className="mx-auto size-8 text-[#c7d2fe]" />
            <blockquote className="mt-4 text-xl font-semibold sm:text-2xl">
              <p>
                Thank you for spending this time with us. Every one of these screens began as a
                question from a customer, so if something you watched does not fit the way your team
                works, tell us. That is how the next video gets made.
              </p>
            </blockquote>
            <figcaption className="mt-6 text-[#e0e7ff]">The {brand.name} product team</figcaption>
          </figure>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={appLinks.signUp}
              className="btn bg-surface text-ink hover:bg-sunken dark:text-ink"
            >
              {commercialFacts.signUpLabel}
            </a>
            <Link
              to="/contact-us"
              className="btn text-on-brand ring-1 ring-[#c7d2fe] hover:bg-[#312e81]"
            >
              Ask for a live walkthrough
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
