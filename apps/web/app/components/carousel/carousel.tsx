/**
 * The interactive slider: embla for the movement, embla's autoplay plugin for the timer. Rotation
 * pauses while the pointer is over the carousel or focus is inside it, stops for good when the
 * visitor presses pause, and never starts on its own when the system asks for reduced motion.
 * Loaded lazily (lazy-carousel.tsx) so embla is not part of the page's first script.
 */
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from "react";
import { useReducedMotion } from "~/hooks/use-reduced-motion";
import { CarouselView, type CarouselSlide } from "./carousel-view";

export interface CarouselProps {
  label: string;
  slides: CarouselSlide[];
  picker: "names" | "dots";
  /** Time each slide stays before the next one (3000 ms by default, SLIDE_DELAY_MS). */
  delayMs: number;
  loop: boolean;
  className?: string;
}

/**
 * embla's `duration` is not in milliseconds: each 1/60 s step adds (distance left / duration) to a
 * velocity damped by a friction of 0.68. With 20 the slide covers 99% of the way in about 480 ms,
 * with no visible overshoot, which makes the sliders' 500 ms transition.
 */
export const EMBLA_DURATION_FOR_500MS = 20;

export default function Carousel({
  label,
  slides,
  picker,
  delayMs,
  loop,
  className,
}: CarouselProps) {
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: delayMs,
        playOnInit: false,
        // Pausing is decided below from hover, focus, the pause button and the motion preference.
        stopOnInteraction: true,
        stopOnFocusIn: false,
        stopOnMouseEnter: false,
      }),
    [delayMs],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop, duration: EMBLA_DURATION_FOR_500MS }, [
    autoplay,
  ]);
  const [selected, setSelected] = useState(0);
  const reducedMotion = useReducedMotion();
  const [userChoice, setUserChoice] = useState<"play" | "stop" | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  // Until the visitor chooses, the motion preference decides whether the slides rotate.
  const stopped = userChoice ? userChoice === "stop" : reducedMotion !== false;
  const rotating = Boolean(api) && !stopped && !hovered && !focused;
  const rotatingRef = useRef(rotating);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    // A swipe stops the plugin's timer; resume when the finger lifts if nothing else holds it.
    const onPointerUp = () => {
      if (rotatingRef.current) autoplay.play();
    };
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect).on("pointerUp", onPointerUp);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect).off("pointerUp", onPointerUp);
    };
  }, [api, autoplay]);

  useEffect(() => {
    rotatingRef.current = rotating;
    if (!api) return;
    if (rotating) autoplay.play(Boolean(reducedMotion));
    else autoplay.stop();
  }, [api, autoplay, rotating, reducedMotion]);

  const jump = Boolean(reducedMotion);
  const go = useCallback(
    (move: () => void) => {
      move();
      // A manual change restarts the count, so the next slide still gets its full time.
      autoplay.reset();
    },
    [autoplay],
  );

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <CarouselView
      label={label}
      slides={slides}
      selected={selected}
      rotating={rotating}
      stopped={stopped}
      picker={picker}
      className={className}
      viewportRef={viewportRef}
      onPrevious={api ? () => go(() => api.scrollPrev(jump)) : undefined}
      onNext={api ? () => go(() => api.scrollNext(jump)) : undefined}
      onPick={(i) => api && go(() => api.scrollTo(i, jump))}
      onToggleRotation={() => setUserChoice(stopped ? "play" : "stop")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        // Focus on the rotation button itself does not pause: it is how rotation is started.
        if (!(event.target as HTMLElement).hasAttribute("data-rotation-control")) setFocused(true);
      }}
      onBlur={onBlur}
    />
  );
}
