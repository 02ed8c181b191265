/**
 * Video facades (components/video-facade.tsx): pressing the poster replaces it with the
 * youtube-nocookie player, which starts playing and takes the focus. Nothing is requested from
 * YouTube before that.
 */

export function enhanceVideos(root: Document) {
  for (const poster of root.querySelectorAll<HTMLButtonElement>("button[data-video-src]")) {
    poster.addEventListener("click", () => {
      const frame = document.createElement("iframe");
      frame.src = poster.dataset.videoSrc ?? "";
      frame.title = poster.dataset.videoTitle ?? "";
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      frame.allowFullscreen = true;
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      frame.className = "absolute inset-0 size-full border-0";
      poster.replaceWith(frame);
      frame.focus();
    });
  }
}
