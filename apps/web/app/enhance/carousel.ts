/**
 * Sliders (components/carousel/slide-carousel.tsx). The slides are a scroll-snap strip that works
 * without a script; this enables the controls and rotates the slides: every `data-delay` ms, a
 * 500 ms transition, looping forward past the last slide, pausing while the pointer is over the
 * slider or focus is inside it, and staying still until asked when the visitor prefers reduced
 * motion. Only the slide on show can be reached (the others are inert), and changes are announced
 * only while the slides do not move on their own.
 */

export const SLIDE_TRANSITION_MS = 500;

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t ** 3 : 1 - (-2 * t + 2) ** 3 / 2);

export function enhanceCarousels(root: Document) {
  for (const section of root.querySelectorAll<HTMLElement>("[data-carousel]")) carousel(section);
}

function carousel(section: HTMLElement) {
  const viewport = section.querySelector<HTMLElement>("[data-carousel-viewport]");
  const track = viewport?.firstElementChild;
  if (!viewport || !(track instanceof HTMLElement)) return;
  const slides = [...track.children].filter((el): el is HTMLElement => el instanceof HTMLElement);
  const count = slides.length;
  const picks = [...section.querySelectorAll<HTMLButtonElement>("[data-carousel-pick]")];
  const rotation = section.querySelector<HTMLButtonElement>("[data-carousel-rotation]");
  const delay = Number(section.dataset.delay) || 3000;
  const loop = section.hasAttribute("data-loop");
  const motion = matchMedia("(prefers-reduced-motion: reduce)");

  let selected = 0;
  let choice: "play" | "stop" | null = null;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let animation = 0;

  // Until the visitor chooses, the motion preference decides whether the slides rotate.
  const stopped = () => (choice ? choice === "stop" : motion.matches);
  const rotating = () => !stopped() && !hovered && !focused;

  const render = () => {
    slides.forEach((slide, i) => {
      slide.inert = i !== selected;
      if (i === selected) slide.dataset.selected = "true";
      else delete slide.dataset.selected;
    });
    picks.forEach((pick, i) => {
      if (i === selected) pick.setAttribute("aria-current", "true");
      else pick.removeAttribute("aria-current");
    });
    track.setAttribute("aria-live", rotating() ? "off" : "polite");
    section.toggleAttribute("data-stopped", stopped());
    rotation?.setAttribute(
      "aria-label",
      stopped() ? "Start the slide show" : "Pause the slide show",
    );
  };

  const schedule = () => {
    clearTimeout(timer);
    if (rotating()) timer = setTimeout(() => go(selected + 1), delay);
  };

  /** What must happen once the current move ends (a wrapped slide goes back in its place). */
  let settle: (() => void) | null = null;
  const finishMove = () => {
    cancelAnimationFrame(animation);
    const pending = settle;
    settle = null;
    pending?.();
  };

  /** Scrolls the strip to `left`; over 500 ms unless the visitor prefers reduced motion. */
  const scrollTo = (left: number, done: () => void = () => undefined) => {
    const from = viewport.scrollLeft;
    if (motion.matches || from === left) {
      viewport.scrollLeft = left;
      done();
      return;
    }
    // Snapping would pull every intermediate position back to a slide.
    viewport.style.scrollSnapType = "none";
    settle = () => {
      viewport.scrollLeft = left;
      done();
      viewport.style.scrollSnapType = "";
    };
    let start: number | undefined;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / SLIDE_TRANSITION_MS);
      viewport.scrollLeft = from + (left - from) * easeInOutCubic(t);
      if (t < 1) animation = requestAnimationFrame(step);
      else finishMove();
    };
    animation = requestAnimationFrame(step);
  };

  /** Shows slide `target`; past either end it wraps, moving on in the same direction. */
  const go = (target: number) => {
    const wrapsForward = target >= count;
    const wrapsBack = target < 0;
    if (!loop && (wrapsForward || wrapsBack)) return;
    finishMove();
    selected = (target + count) % count;
    render();
    schedule();
    const width = viewport.clientWidth;
    if (wrapsForward && count > 1) {
      // Put the first slide after the last for the move, then back in its place.
      const first = slides[0] as HTMLElement;
      track.append(first);
      viewport.scrollLeft -= width;
      scrollTo((count - 1) * width, () => {
        track.prepend(first);
        viewport.scrollLeft = 0;
      });
    } else if (wrapsBack && count > 1) {
      const last = slides[count - 1] as HTMLElement;
      track.prepend(last);
      viewport.scrollLeft += width;
      scrollTo(0, () => {
        track.append(last);
        viewport.scrollLeft = (count - 1) * width;
      });
    } else {
      scrollTo(selected * width);
    }
  };

  section.addEventListener("mouseenter", () => {
    hovered = true;
    render();
    schedule();
  });
  section.addEventListener("mouseleave", () => {
    hovered = false;
    render();
    schedule();
  });
  section.addEventListener("focusin", (event) => {
    // Focus on the rotation button itself does not pause: it is how rotation is started.
    if ((event.target as HTMLElement).hasAttribute("data-carousel-rotation")) return;
    focused = true;
    render();
    schedule();
  });
  section.addEventListener("focusout", (event) => {
    if (section.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    render();
    schedule();
  });
  motion.addEventListener("change", () => {
    render();
    schedule();
  });
  // A swipe or scroll by the visitor lands on a slide: that one is now shown.
  viewport.addEventListener("scrollend", () => {
    if (viewport.style.scrollSnapType === "none") return;
    const index = Math.round(viewport.scrollLeft / viewport.clientWidth);
    if (index === selected || index < 0 || index >= count) return;
    selected = index;
    render();
    schedule();
  });

  rotation?.addEventListener("click", () => {
    choice = stopped() ? "play" : "stop";
    render();
    schedule();
  });
  for (const button of section.querySelectorAll<HTMLButtonElement>("[data-carousel-step]")) {
    button.addEventListener("click", () => go(selected + Number(button.dataset.carouselStep)));
  }
  picks.forEach((pick, i) => pick.addEventListener("click", () => go(i)));
  for (const button of section.querySelectorAll("button")) button.disabled = false;

  render();
  schedule();
  section.dataset.ready = "true";
}
