/**
 * FAQ sets (<details name=...>): arrow keys, Home and End move between the questions of a set, and
 * a link to a question (`#question-id`, the answer's id) opens it and shows the question itself, not
 * only the answer the browser scrolled to.
 */

const keys: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function enhanceFaqs(root: Document) {
  const sets = [...root.querySelectorAll<HTMLElement>("[data-faq]")];
  if (sets.length === 0) return;
  for (const set of sets) {
    set.addEventListener("keydown", (event) => {
      const move = keys[event.key];
      const summaries = [...set.querySelectorAll<HTMLElement>(":scope > details > summary")];
      const index = summaries.indexOf(event.target as HTMLElement);
      if (!move || index < 0) return;
      event.preventDefault();
      summaries[move(index, summaries.length)]?.focus();
    });
  }
  const showLinkedQuestion = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const details = id ? root.getElementById(id)?.closest("details") : null;
    if (!details || !sets.some((set) => set.contains(details))) return;
    details.open = true;
    details.querySelector("summary")?.scrollIntoView({ block: "start" });
  };
  showLinkedQuestion();
  window.addEventListener("hashchange", showLinkedQuestion);
}
