/**
 * The back-to-top button (components/layout/scroll-to-top.tsx): shown once the page has scrolled
 * past 500 px; it glides to the top (jumps under reduced motion) and hands focus to the top of the
 * page, so keyboard and screen-reader users continue from there, not from the footer.
 */

export const SCROLL_TO_TOP_THRESHOLD = 500;

export function enhanceScrollToTop(root: Document) {
  const button = root.querySelector<HTMLButtonElement>("[data-scroll-to-top]");
  if (!button) return;
  const update = () => {
    button.hidden = window.scrollY <= SCROLL_TO_TOP_THRESHOLD;
  };
  // The button starts hidden; a page opened scrolled down (a reload, a link to a section) shows it
  // at the first frame. Read now, the scroll position would force the page's first layout into
  // this script's task, which is what made it long.
  requestAnimationFrame(update);
  window.addEventListener("scroll", update, { passive: true });
  button.addEventListener("click", () => {
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    root.getElementById("top")?.focus({ preventScroll: true });
  });
}
