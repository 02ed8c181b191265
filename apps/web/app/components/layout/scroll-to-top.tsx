import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

/** Appears once the page has scrolled past this many pixels. */
export const SCROLL_TO_TOP_THRESHOLD = 500;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  function toTop() {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    // Keyboard and screen-reader users continue from the top of the page, not from the footer.
    document.getElementById("top")?.focus({ preventScroll: true });
  }

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={toTop}
      className="btn btn-primary fixed bottom-5 left-5 z-30 size-12 p-0 shadow-[var(--shadow-float)]"
      aria-label="Back to top"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
