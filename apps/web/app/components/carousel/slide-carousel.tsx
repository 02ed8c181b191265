/**
 * The slider pages use. The prerendered HTML already holds the full slider; embla arrives in its own
 * chunk while the rest of the page becomes interactive, and React attaches it to that HTML. On a
 * client-side visit the same markup stands in (first slide, controls disabled) until it arrives.
 */
import { lazy, Suspense } from "react";
import type { CarouselProps } from "./carousel";
import { CarouselView } from "./carousel-view";

const Carousel = lazy(() => import("./carousel"));

/** Sliders advance every 3000 ms (with a 500 ms transition, see carousel.tsx). */
export const SLIDE_DELAY_MS = 3000;

export function SlideCarousel(props: Omit<CarouselProps, "delayMs"> & { delayMs?: number }) {
  const { delayMs = SLIDE_DELAY_MS, ...rest } = props;
  return (
    <Suspense
      fallback={
        <CarouselView
          label={rest.label}
          slides={rest.slides}
          picker={rest.picker}
          className={rest.className}
          selected={0}
          rotating={false}
          stopped
        />
      }
    >
      <Carousel {...rest} delayMs={delayMs} />
    </Suspense>
  );
}
