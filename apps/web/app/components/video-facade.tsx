/**
 * A video that costs nothing until it is wanted: a local poster drawn in CSS and SVG with a play
 * button. Only when the visitor presses play does the enhancement script put the youtube-nocookie
 * player in its place (app/enhance/video.ts), so the page makes no request to YouTube on load and
 * sets no cookie.
 */
import { Play } from "lucide-react";
import type { Video } from "~/content/videos";

export function youtubeEmbedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`;
}

export function VideoFacade({
  video,
  tone = 0,
  className = "",
}: {
  video: Video;
  /** Picks the poster's colors; neighbors on a page get different ones. */
  tone?: number;
  className?: string;
}) {
  return (
    <div
      className={`relative aspect-video w-full overflow-hidden rounded-[var(--radius-card)] bg-[#1e1b4b] shadow-[var(--shadow-card)] ${className}`}
    >
      <button
        type="button"
        data-video-src={youtubeEmbedUrl(video.youtubeId)}
        data-video-title={video.title}
        className="group absolute inset-0 block size-full text-left text-white"
      >
        {/* The name is "Play video: <title>, <topic>, <duration>": the visible words, title first. */}
        <span className="sr-only">Play video: </span>
        <Poster video={video} tone={tone} />
        <span className="absolute top-1/2 left-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white text-[#3730a3] shadow-[var(--shadow-float)] transition-transform group-hover:scale-105 motion-reduce:transition-none sm:size-20">
          <Play aria-hidden="true" className="ml-1 size-7 fill-current sm:size-8" />
        </span>
      </button>
    </div>
  );
}

/** Gradient stops per poster, so a page of videos does not look like one picture repeated. */
const palettes = [
  ["#3730a3", "#312e81", "#134e4a"],
  ["#312e81", "#1e1b4b", "#3730a3"],
  ["#134e4a", "#1e3a5f", "#312e81"],
  ["#4338ca", "#312e81", "#7c2d12"],
] as const;

/** Abstract product shapes on the brand gradient: board columns, a timeline and a clock. */
function Poster({ video, tone }: { video: Video; tone: number }) {
  const palette = palettes[tone % palettes.length] ?? palettes[0];
  return (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 320 180"
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 size-full"
      >
        <defs>
          <linearGradient id={`poster-${video.key}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={palette[0]} />
            <stop offset="0.6" stopColor={palette[1]} />
            <stop offset="1" stopColor={palette[2]} />
          </linearGradient>
        </defs>
        <rect width="320" height="180" fill={`url(#poster-${video.key})`} />
        <g fill="#ffffff" opacity="0.1">
          <rect x="178" y="22" width="36" height="110" rx="6" />
          <rect x="220" y="22" width="36" height="84" rx="6" />
          <rect x="262" y="22" width="36" height="126" rx="6" />
        </g>
        <g fill="#ffffff" opacity="0.22">
          <rect x="182" y="30" width="28" height="14" rx="3" />
          <rect x="182" y="48" width="28" height="14" rx="3" />
          <rect x="224" y="30" width="28" height="14" rx="3" />
          <rect x="266" y="30" width="28" height="14" rx="3" />
          <rect x="266" y="48" width="28" height="14" rx="3" />
          <rect x="266" y="66" width="28" height="14" rx="3" />
        </g>
        <circle
          cx="52"
          cy="52"
          r="26"
          fill="none"
          stroke="#fbbf24"
          strokeOpacity="0.55"
          strokeWidth="4"
        />
        <path
          d="M52 36v16l10 7"
          stroke="#fbbf24"
          strokeOpacity="0.7"
          strokeWidth="4"
          strokeLinecap="round"
          fill="none"
        />
        <g opacity="0.35">
          <rect x="24" y="150" width="60" height="6" rx="3" fill="#5eead4" />
          <rect x="88" y="150" width="34" height="6" rx="3" fill="#a5b4fc" />
          <rect x="126" y="150" width="80" height="6" rx="3" fill="#fbbf24" />
        </g>
      </svg>
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-[#0f172a]/85 to-transparent px-4 pt-10 pb-3 text-sm font-bold sm:px-5 sm:pb-4 sm:text-base">
        {video.title}
      </span>
      <span className="absolute top-3 left-3 rounded-full bg-[#0f172a]/70 px-2.5 py-1 text-xs font-semibold sm:top-4 sm:left-4">
        <span className="sr-only">, </span>
        {video.topic}
      </span>
      <span className="absolute top-3 right-3 rounded-full bg-[#0f172a]/70 px-2.5 py-1 text-xs font-semibold tabular-nums sm:top-4 sm:right-4">
        <span className="sr-only">, </span>
        {video.duration}
      </span>
    </>
  );
}
