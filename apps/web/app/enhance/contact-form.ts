/**
 * The contact form posts as plain HTML; its inline validation is an island, hydrated when the form
 * comes within 200 px of the viewport (features/contact-form/components/contact-form-island.tsx).
 * Offline, nothing is fetched: the plain form works meanwhile, and the island loads once the
 * connection is back (again after a download that failed).
 */

export function enhanceContactForm(root: Document) {
  const found = root.querySelector<HTMLElement>('[data-island="contact-form"]');
  if (!found) return;
  const container: HTMLElement = found;
  const view = root.defaultView;
  const whenOnline = () => view?.addEventListener("online", hydrate, { once: true });
  function hydrate() {
    if (!navigator.onLine) return whenOnline();
    void import("~/features/contact-form/components/contact-form-island").then(
      (island) => island.hydrateContactForm(container),
      whenOnline,
    );
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      hydrate();
    },
    { rootMargin: "200px 0px" },
  );
  observer.observe(container);
}
