/**
 * The side navigation of the holidays and leave pages: the section crossing a band across the
 * upper middle of the viewport is the one being read, and its link says so (aria-current).
 */

export function enhanceSectionNav(root: Document) {
  for (const nav of root.querySelectorAll<HTMLElement>("[data-section-nav]")) {
    const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    const targets = links
      .map((link) => root.getElementById(decodeURIComponent(link.hash.slice(1))))
      .filter((el): el is HTMLElement => el !== null);
    const mark = (id: string) => {
      for (const link of links) {
        if (link.hash === `#${id}`) link.setAttribute("aria-current", "location");
        else link.removeAttribute("aria-current");
      }
    };
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = targets.find((t) => visible.has(t.id));
        if (first) mark(first.id);
      },
      { rootMargin: "-30% 0px -55% 0px" },
    );
    for (const target of targets) observer.observe(target);
    for (const link of links) link.addEventListener("click", () => mark(link.hash.slice(1)));
  }
}
