/**
 * The contact page's map (features/contact-map/contact-map.tsx): Leaflet is imported, and the
 * tiles requested, only when the visitor presses "Show the map"; offline, or when the code or the
 * first tile fails, the address card comes back with a line saying so.
 */

export function enhanceContactMap(root: Document) {
  const box = root.querySelector<HTMLElement>("[data-map-status]");
  if (!box) return;
  const placeholder = box.querySelector<HTMLElement>("[data-map-placeholder]");
  const offer = box.querySelector<HTMLElement>("[data-map-offer]");
  const failed = box.querySelector<HTMLElement>("[data-map-failed]");
  const show = box.querySelector<HTMLButtonElement>("[data-map-show]");
  if (!placeholder || !offer || !failed || !show) return;
  let removeMap: (() => void) | null = null;
  let host: HTMLElement | null = null;

  const status = (value: "loading" | "ready" | "failed") => {
    box.dataset.mapStatus = value;
  };
  const fail = () => {
    removeMap?.();
    removeMap = null;
    host?.remove();
    host = null;
    placeholder.hidden = false;
    offer.hidden = true;
    failed.hidden = false;
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
      host.className = "isolate h-[22rem] sm:h-[26rem]";
      const canvas = document.createElement("div");
      canvas.className = "h-full w-full";
      host.append(canvas);
      // The button goes with the card: focus moves to the map it brought.
      host.tabIndex = -1;
      placeholder.hidden = true;
      box.prepend(host);
      host.focus();
      removeMap = showOfficeMap(canvas, {
        onTilesLoaded: () => {
          if (box.dataset.mapStatus === "failed") return;
          status("ready");
        },
        onTilesFailed: fail,
      });
    } catch {
      fail();
    }
  };
  offer.hidden = false;
  show.addEventListener("click", () => void load(), { once: true });
}
