/**
 * The contact form posts as plain HTML; its inline validation is an island, hydrated when the form
 * comes within 200 px of the viewport (features/contact-form/components/contact-form-island.tsx).
 */

export function enhanceContactForm(root: Document) {
  const container = root.querySelector<HTMLElement>('[data-island="contact-form"]');
  if (!container) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      // If it cannot load, the plain form still works.
      void import("~/features/contact-form/components/contact-form-island").then(
        (island) => island.hydrateContactForm(container),
        () => undefined,
      );
    },
    { rootMargin: "200px 0px" },
  );
  observer.observe(container);
}
