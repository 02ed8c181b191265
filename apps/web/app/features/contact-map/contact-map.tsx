/**
 * The contact page's map. Nothing of Leaflet, and no tile, is requested until the map's box scrolls
 * into view; then Leaflet and its CSS are imported and the OpenStreetMap tiles load. When the map
 * cannot work (offline, the code or the tiles fail to load), the address card with an "Open in maps"
 * link takes its place. The box keeps its size throughout, so the page never shifts.
 */
import { MapPin } from "lucide-react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { brand } from "~/brand";
import { OfficeAddressCard } from "~/components/office-address-card";
import type { LeafletMapProps } from "./leaflet-map";

type Status = "waiting" | "loading" | "ready" | "failed";

export function ContactMap({ className = "" }: { className?: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>("waiting");
  const [MapView, setMapView] = useState<ComponentType<LeafletMapProps> | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let cancelled = false;
    const load = () => {
      if (!navigator.onLine) {
        setStatus("failed");
        return;
      }
      setStatus("loading");
      import("./leaflet-map")
        .then((module) => {
          if (!cancelled) setMapView(() => module.LeafletMap);
        })
        .catch(() => {
          if (!cancelled) setStatus("failed");
        });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: "100px 0px" },
    );
    observer.observe(box);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);

  const failed = status === "failed";
  return (
    <section aria-labelledby="map-title" className={className}>
      <h2 id="map-title" className="text-2xl font-bold text-ink">
        Find us in {brand.address.locality}
      </h2>
      <div
        ref={boxRef}
        data-map-status={status}
        className="relative mt-6 h-[22rem] overflow-hidden rounded-[var(--radius-card)] border border-line bg-sunken sm:h-[26rem]"
      >
        {failed ? (
          <div className="grid h-full place-items-center p-4">
            <div className="w-full max-w-md">
              <p className="mb-3 text-center text-sm text-muted">
                The map could not be loaded. Here is our address instead.
              </p>
              <OfficeAddressCard />
            </div>
          </div>
        ) : (
          <>
            {MapView ? (
              <div
                role="region"
                aria-label={`Map of ${brand.name}'s office in ${brand.address.locality}`}
                className="isolate h-full"
              >
                <MapView
                  onTilesFailed={() => setStatus("failed")}
                  onTilesLoaded={() => setStatus("ready")}
                />
              </div>
            ) : null}
            {status !== "ready" ? (
              <div
                aria-hidden="true"
                className="pointer-events-none absolute inset-0 grid place-items-center bg-[linear-gradient(var(--color-line)_1px,transparent_1px),linear-gradient(90deg,var(--color-line)_1px,transparent_1px)] bg-[size:3rem_3rem] opacity-60"
              >
                <MapPin className="size-10 text-brand" />
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
