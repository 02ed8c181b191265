/**
 * The contact page's map (features/contact-map/contact-map.tsx): Leaflet is imported only when the
 * map's box comes near the viewport; offline, or when the code or the first tile fails, the box
 * shows the address card instead.
 */

export function enhanceContactMap(root: Document) {
  const box = root.querySelector<HTMLElement>("[data-map-status]");
  if (!box) return;
  const placeholder = box.querySelector<HTMLElement>("[data-map-placeholder]");
  const fallback = box.querySelector<HTMLElement>("[data-map-fallback]");
  let removeMap: (() => void) | null = null;
  let host: HTMLElement | null = null;

  const status = (value: "loading" | "ready" | "failed") => {
    box.dataset.mapStatus = value;
  };
  const fail = () => {
    removeMap?.();
    host?.remove();
    if (placeholder) placeholder.hidden = true;
    if (fallback) fallback.hidden = false;
    status("failed");
  };
  const load = async () => {
    if (!navigator.onLine) return fail();
    status("loading");
    try {
      const { showOfficeMap } = await import("~/features/contact-map/leaflet-map");
      host = document.createElement("div");
      host.setAttribute("role", "region");
      host.setAttribute("aria-label", box.dataset.mapLabel ?? "Map");
      host.className = "isolate h-full";
      const canvas = document.createElement("div");
      canvas.className = "h-full w-full";
      host.append(canvas);
      box.prepend(host);
      removeMap = showOfficeMap(canvas, {
        onTilesLoaded: () => {
          if (box.dataset.mapStatus === "failed") return;
          if (placeholder) placeholder.hidden = true;
          status("ready");
        },
        onTilesFailed: fail,
      });
    } catch {
      fail();
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void load();
    },
    { rootMargin: "100px 0px" },
  );
  observer.observe(box);
}
