/**
 * Figures that count up from 0 the first time they scroll into view (components/count-up.tsx). A
 * figure already on screen when the page starts keeps its final value rather than jumping back,
 * and under reduced motion nothing moves.
 */

export const COUNT_UP_MS = 1400;

/** Ease-out cubic: quick at first, settling gently on the final value. */
export function countUpValue(final: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return final;
  const t = elapsedMs / durationMs;
  return Math.round(final * (1 - (1 - t) ** 3));
}

export function enhanceCountUps(root: Document) {
  const figures = [...root.querySelectorAll<HTMLElement>("[data-count-up]")];
  if (figures.length === 0 || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const figure of figures) {
    const final = Number(figure.dataset.countUp);
    const suffix = figure.dataset.suffix ?? "";
    const show = (value: number) => {
      figure.textContent = `${value}${suffix}`;
    };
    let firstReport = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (firstReport) {
          firstReport = false;
          if (entries.some((e) => e.isIntersecting)) observer.disconnect();
          else show(0);
          return;
        }
        // Start once most of the figure is on screen, so the count is seen from the beginning.
        if (!entries.some((e) => e.intersectionRatio >= 0.6)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const elapsed = now - start;
          show(countUpValue(final, elapsed));
          if (elapsed < COUNT_UP_MS) requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      },
      { threshold: [0, 0.6] },
    );
    observer.observe(figure);
  }
}
