/**
 * A figure that counts up from 0 the first time it scrolls into view. The prerendered page, screen
 * readers and visitors who ask for reduced motion get the final value only; if the figure is
 * already on screen when the page starts, it stays at its final value rather than jumping back.
 */
import { useEffect, useRef, useState } from "react";
import { useReducedMotion } from "~/hooks/use-reduced-motion";

export const COUNT_UP_MS = 1400;

/** Ease-out cubic: quick at first, settling gently on the final value. */
export function countUpValue(final: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return final;
  const t = elapsedMs / durationMs;
  return Math.round(final * (1 - (1 - t) ** 3));
}

export function CountUp({ value, suffix = "" }: { value: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(value);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const node = ref.current;
    if (reducedMotion !== false || !node || typeof IntersectionObserver === "undefined") return;
    let frame = 0;
    let firstReport = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (firstReport) {
          firstReport = false;
          if (visible) {
            observer.disconnect();
            return;
          }
          setShown(0);
          return;
        }
        // Start once most of the figure is on screen, so the count is seen from the beginning.
        if (!entries.some((e) => e.intersectionRatio >= 0.6)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const elapsed = now - start;
          setShown(countUpValue(value, elapsed));
          if (elapsed < COUNT_UP_MS) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: [0, 0.6] },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      setShown(value);
    };
  }, [value, reducedMotion]);

  return (
    <>
      <span ref={ref} aria-hidden="true" data-count-up={value}>
        {shown}
        {suffix}
      </span>
      <span className="sr-only">
        {value}
        {suffix}
      </span>
    </>
  );
}
