/**
 * The markup of a slider, following the WAI-ARIA carousel pattern: a labelled region with the
 * rotation control first, previous and next buttons, and slides as groups ("Slide 1 of 3"). It holds
 * no behaviour; carousel.tsx drives it with embla, and until that chunk has loaded the same markup
 * is shown with the first slide, so nothing moves when it takes over.
 */
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { FocusEventHandler, MouseEventHandler, ReactNode, Ref } from "react";

export interface CarouselSlide {
  key: string;
  /** Short name shown on the slide picker when `picker` is "names". */
  name: string;
  content: ReactNode;
}

export interface CarouselViewProps {
  /** Accessible name of the carousel, e.g. "Customer stories". */
  label: string;
  slides: CarouselSlide[];
  selected: number;
  /** True while slides advance on their own; the live region stays quiet then. */
  rotating: boolean;
  /** The visitor (or a reduced-motion preference) has stopped the rotation. */
  stopped: boolean;
  picker: "names" | "dots";
  viewportRef?: Ref<HTMLDivElement>;
  onPrevious?: () => void;
  onNext?: () => void;
  onToggleRotation?: () => void;
  onPick?: (index: number) => void;
  onMouseEnter?: MouseEventHandler<HTMLElement>;
  onMouseLeave?: MouseEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  className?: string;
}

const controlClass =
  "grid size-10 shrink-0 place-items-center rounded-full border border-line bg-surface text-ink hover:border-brand disabled:opacity-60";

export function CarouselView({ viewportRef, ...props }: CarouselViewProps) {
  const { slides, selected, picker } = props;
  const ready = Boolean(props.onNext);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={props.label}
      // Controls come first in the reading and tab order (WAI-ARIA carousel pattern), shown below.
      className={`flex min-w-0 flex-col-reverse ${props.className ?? ""}`}
      onMouseEnter={props.onMouseEnter}
      onMouseLeave={props.onMouseLeave}
      onFocus={props.onFocus}
      onBlur={props.onBlur}
      data-ready={ready ? "true" : undefined}
    >
      <div className="mt-5 flex items-center justify-between gap-3">
        <button
          type="button"
          className={controlClass}
          onClick={props.onToggleRotation}
          disabled={!ready}
          data-rotation-control=""
          aria-label={props.stopped ? "Start the slide show" : "Pause the slide show"}
        >
          {props.stopped ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
        </button>
        <ul className="flex min-w-0 flex-wrap items-center justify-center gap-1.5">
          {slides.map((slide, i) => (
            <li key={slide.key}>
              <button
                type="button"
                onClick={() => props.onPick?.(i)}
                disabled={!ready}
                aria-current={i === selected ? "true" : undefined}
                aria-label={picker === "dots" ? `Show slide ${i + 1}: ${slide.name}` : undefined}
                className={
                  picker === "names"
                    ? "rounded-full px-3 py-1.5 text-sm font-semibold text-muted hover:text-ink aria-[current=true]:bg-brand-soft aria-[current=true]:text-brand"
                    : "grid size-6 place-items-center rounded-full"
                }
              >
                {picker === "names" ? (
                  slide.name
                ) : (
                  <span
                    aria-hidden="true"
                    className={`block size-2.5 rounded-full ${i === selected ? "bg-brand" : "bg-line"}`}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className={controlClass}
            onClick={props.onPrevious}
            disabled={!ready}
            aria-label="Previous slide"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={controlClass}
            onClick={props.onNext}
            disabled={!ready}
            aria-label="Next slide"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={props.rotating ? "off" : "polite"}>
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`Slide ${i + 1} of ${slides.length}`}
              inert={i !== selected}
              data-selected={i === selected ? "true" : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
