import { ArrowUp } from "lucide-react";

/**
 * The back-to-top button. It needs a script (it appears once the page has scrolled), so it stays
 * hidden until the enhancement script shows it (app/enhance/scroll-to-top.ts).
 */
export function ScrollToTop() {
  return (
    <button
      type="button"
      hidden
      data-scroll-to-top=""
      className="btn btn-primary floating-button fixed bottom-5 left-5 z-30 size-12 p-0"
      aria-label="Back to top"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
