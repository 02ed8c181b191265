/**
 * A slider, following the WAI-ARIA carousel pattern: a labeled region with the rotation control
 * first, the slide picker, previous and next buttons, and slides as groups ("Slide 1 of 3"). The
 * slides sit in a CSS scroll-snap strip, so without JavaScript they can still be swiped, scrolled or
 * reached from the keyboard one by one. The enhancement script (app/enhance/carousel.ts) enables the
 * controls and rotates the slides every `delayMs` with a 500 ms transition, looping, pausing on
 * hover and focus and staying still when the visitor asks for reduced motion.
 */
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { ReactNode } from "react";

/** Sliders advance every 3000 ms (with a 500 ms transition, see app/enhance/carousel.ts). */
export const SLIDE_DELAY_MS = 3000;

export interface CarouselSlide {
  key: string;
  /** Short name shown on the slide picker when `picker` is "names". */
  name: string;
  content: ReactNode;
}

export interface SlideCarouselProps {
  /** Accessible name of the carousel, e.g. "Customer stories". */
  label: string;
  slides: CarouselSlide[];
  picker: "names" | "dots";
  /** Time each slide stays before the next one. */
  delayMs?: number;
  loop: boolean;
  /**
   * Where the controls are drawn. Above suits a hero: they stay in the first screen and clear of
   * the chat launcher in the window's corner.
   */
  controls?: "above" | "below";
  className?: string;
}

const steps = [
  { step: -1, label: "Previous slide", Icon: ChevronLeft },
  { step: 1, label: "Next slide", Icon: ChevronRight },
] as const;

const controlClass =
  "grid size-10 shrink-0 place-items-center rounded-full border border-line bg-surface text-ink hover:border-brand disabled:opacity-60";

export function SlideCarousel({
  label,
  slides,
  picker,
  delayMs = SLIDE_DELAY_MS,
  loop,
  controls = "below",
  className = "",
}: SlideCarouselProps) {
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      // Controls come first in the reading and tab order (WAI-ARIA carousel pattern).
      className={`group/carousel flex min-w-0 ${controls === "below" ? "flex-col-reverse" : "flex-col"} ${className}`}
      data-carousel=""
      data-delay={delayMs}
      data-loop={loop ? "" : undefined}
      data-stopped=""
    >
      <div
        // On a phone the picker takes a row of its own under the buttons: squeezed between them,
        // names stacked and dots wrapped to two rows.
        className={`${controls === "below" ? "mt-5" : "mb-4"} flex flex-wrap items-center justify-between gap-x-3 gap-y-2`}
      >
        <button
          type="button"
          className={controlClass}
          disabled
          data-carousel-rotation=""
          aria-label="Start the slide show"
        >
          <Play aria-hidden="true" className="hidden size-4 group-data-stopped/carousel:block" />
          <Pause aria-hidden="true" className="size-4 group-data-stopped/carousel:hidden" />
        </button>
        <ul className="flex min-w-0 items-center justify-center gap-1.5 max-sm:order-last max-sm:w-full">
          {slides.map((slide, i) => (
            <li key={slide.key}>
              <button
                type="button"
                disabled
                data-carousel-pick={i}
                aria-current={i === 0 ? "true" : undefined}
                aria-label={picker === "dots" ? `Show slide ${i + 1}: ${slide.name}` : undefined}
                className={
                  picker === "names"
                    ? "rounded-full px-3 py-1.5 text-sm font-semibold text-muted hover:text-ink aria-[current=true]:bg-brand-soft aria-[current=true]:text-brand"
                    : "group/dot grid size-6 place-items-center rounded-full"
                }
              >
                {picker === "names" ? (
                  slide.name
                ) : (
                  <span
                    aria-hidden="true"
                    className="block size-2.5 rounded-full bg-line group-aria-[current=true]/dot:bg-brand"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
        {/* On a phone the carousel spans the window: the margin keeps Next clear of the chat
            launcher in the corner. */}
        <div className="flex shrink-0 gap-2 max-sm:me-16">
          {steps.map(({ step, label, Icon }) => (
            <button
              key={step}
              type="button"
              className={controlClass}
              disabled
              data-carousel-step={step}
              aria-label={label}
            >
              <Icon aria-hidden="true" className="size-5" />
            </button>
          ))}
        </div>
      </div>
      {/* Focusable, so the slides can be scrolled from the keyboard without a script. */}
      <div
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
        tabIndex={0}
        className="relative snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        data-carousel-viewport=""
      >
        <div className="flex" aria-live="polite">
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`Slide ${i + 1} of ${slides.length}`}
              data-selected={i === 0 ? "true" : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
