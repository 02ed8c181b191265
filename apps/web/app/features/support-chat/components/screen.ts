/**
 * What the widget needs to know about the screen: whether it is small or short enough for the chat
 * to fill it (a phone in either orientation, or a desktop at 200% zoom), the visual viewport that
 * the on-screen keyboard leaves, and, while the chat fills the screen, the page behind it made inert.
 */
import { useEffect, useSyncExternalStore } from "react";

/** Narrower than Tailwind's `sm`, or too short for a panel beside the page. */
export const compactScreenQuery = "(max-width: 639px), (max-height: 500px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export interface ViewportBox {
  top: number;
  height: number;
}

/**
 * The visual viewport's top and height while `active`: what is left above an on-screen keyboard
 * (which shrinks the visual viewport but not the layout viewport, so `100dvh` alone ends under
 * the keyboard). Null where the browser has no visualViewport; the panel keeps `100dvh` then.
 */
export function useVisualViewportBox(active: boolean): ViewportBox | null {
  // The snapshot is a string, so an unchanged viewport is an unchanged snapshot.
  const box = useSyncExternalStore(
    (onChange) => {
      const viewport = window.visualViewport;
      if (!active || !viewport) return () => {};
      viewport.addEventListener("resize", onChange);
      viewport.addEventListener("scroll", onChange);
      return () => {
        viewport.removeEventListener("resize", onChange);
        viewport.removeEventListener("scroll", onChange);
      };
    },
    () => {
      const viewport = window.visualViewport;
      if (!active || !viewport) return "";
      return `${Math.round(viewport.offsetTop)} ${Math.round(viewport.height)}`;
    },
    () => "",
  );
  if (!box) return null;
  const [top = 0, height = 0] = box.split(" ").map(Number);
  return { top, height };
}

/**
 * While `active`, every other child of <body> is inert (neither focusable nor read), as the page
 * is hidden behind a chat that fills the screen; `keep` (the widget's own root) stays live.
 */
export function useInertPage(active: boolean, keep: HTMLElement | null) {
  useEffect(() => {
    if (!active || !keep) return undefined;
    const made: HTMLElement[] = [];
    for (const child of Array.from(document.body.children)) {
      if (!(child instanceof HTMLElement) || child.contains(keep) || child.inert) continue;
      child.inert = true;
      made.push(child);
    }
    return () => {
      for (const child of made) child.inert = false;
    };
  }, [active, keep]);
}
