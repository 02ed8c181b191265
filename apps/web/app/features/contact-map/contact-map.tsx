/**
 * The contact page's map. Nothing of Leaflet, and no tile, is requested until the map's box scrolls
 * into view; then the enhancement script imports the map (leaflet-map.ts) and the OpenStreetMap
 * tiles load (app/enhance/contact-map.ts). When the map cannot work (offline, no script, the code or
 * the tiles fail to load), the address card with an "Open in maps" link takes its place. The box
 * keeps its size throughout, so the page never shifts. `data-map-status` says where it is:
 * waiting, loading, ready or failed.
 */
import { MapPin } from "lucide-react";
import { brand } from "~/brand";
import { OfficeAddressCard } from "~/components/office-address-card";

export function ContactMap({ className = "" }: { className?: string }) {
  return (
    <section aria-labelledby="map-title" className={className}>
      <h2 id="map-title" className="text-2xl font-bold text-ink">
        Find us in {brand.address.locality}
      </h2>
      <div
        data-map-status="waiting"
        data-map-label={`Map of ${brand.name}'s office in ${brand.address.locality}`}
        className="relative mt-6 h-[22rem] overflow-hidden rounded-[var(--radius-card)] border border-line bg-sunken sm:h-[26rem]"
      >
        <div
          aria-hidden="true"
          data-map-placeholder=""
          className="pointer-events-none absolute inset-0 grid place-items-center bg-[linear-gradient(var(--color-line)_1px,transparent_1px),linear-gradient(90deg,var(--color-line)_1px,transparent_1px)] bg-[size:3rem_3rem] opacity-60"
        >
          <MapPin className="size-10 text-brand" />
        </div>
        <div hidden data-map-fallback="" className="grid h-full place-items-center p-4">
          <div className="w-full max-w-md">
            <p className="mb-3 text-center text-sm text-muted">
              The map could not be loaded. Here is our address instead.
            </p>
            <OfficeAddressCard />
          </div>
        </div>
      </div>
    </section>
  );
}
