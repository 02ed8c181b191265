/**
 * The blog's and the help center's search (a GET form the server answers with results). Once the
 * visitor focuses the box or types, the live results are imported (live-search-results.ts, with
 * the page's search data) and each keystroke updates the results and the address in place. Until
 * they have arrived, or if they cannot, submitting the form loads the server's answer.
 */
import type { liveResults } from "./live-search-results";

type LiveResults = Awaited<ReturnType<typeof liveResults>>;

export function enhanceLiveSearch(root: Document) {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-live-search]")) {
    const input = form.querySelector<HTMLInputElement>('input[name="q"]');
    const block = form.parentElement;
    const dataUrl = form.dataset.liveSearch;
    if (!input || !block || !dataUrl) continue;

    let live: LiveResults | null = null;
    let loading: Promise<LiveResults | null> | null = null;
    const start = () => {
      loading ??= import("./live-search-results")
        .then((m) => m.liveResults(block, input, dataUrl))
        .then(
          (update) => (live = update),
          () => {
            // The next focus tries again; meanwhile the form submits to the server.
            loading = null;
            return null;
          },
        );
      return loading;
    };
    input.addEventListener("focus", () => {
      void start();
      // On a phone the page's header fills the screen: the box goes to the top, so the results
      // appear in view as the visitor types (the header stays clear with scroll-padding-top).
      if (matchMedia("(width < 48rem)").matches) input.scrollIntoView({ block: "start" });
    });
    // "Chat with us" when nothing matches: it needs this script, so it shows only with it.
    const revealChat = () => {
      for (const chat of block.querySelectorAll<HTMLElement>("[data-search-chat]"))
        chat.hidden = false;
    };
    revealChat();
    input.addEventListener("input", () => {
      void start().then((results) => {
        results?.show(input.value);
        revealChat();
      });
    });
    form.addEventListener("submit", (event) => {
      if (!live) return;
      // The results are on screen already.
      event.preventDefault();
      live.show(input.value);
      revealChat();
    });
    // "Show all" answers in place; if the live results cannot load, its link asks the server.
    block.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("[data-search-chat]")) {
        root.querySelector<HTMLElement>("[data-chat-launcher]")?.click();
        return;
      }
      const more = event.target instanceof Element && event.target.closest("a[data-show-all]");
      if (!(more instanceof HTMLAnchorElement)) return;
      event.preventDefault();
      void start().then((results) => {
        if (results) results.showAll();
        else location.assign(more.href);
      });
    });
  }
}
