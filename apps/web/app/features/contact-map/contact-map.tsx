/**
 * The contact page's map, shown only when the visitor asks for it: the map's tiles come from
 * OpenStreetMap, and the site sends nothing to another company unasked (the Trust page says so).
 * Until then the box holds the office's address card and a "Show the map" button (the button
 * appears with the enhancement script; without it the card and its "Open in maps" link are the
 * map). On the press, the enhancement script imports the map (leaflet-map.ts) and the tiles load
 * (app/enhance/contact-map.ts); when they cannot (offline, the code or the tiles fail), the card
 * comes back with a line saying so. `data-map-status` says where it is: waiting, loading, ready or
 * failed.
 */
import { Map as MapIcon } from "lucide-react";
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
        className="relative mt-6 overflow-hidden rounded-[var(--radius-card)] border border-line bg-sunken"
      >
        <div
          data-map-placeholder=""
          className="grid min-h-[22rem] place-items-center bg-[linear-gradient(var(--color-line)_1px,transparent_1px),linear-gradient(90deg,var(--color-line)_1px,transparent_1px)] bg-[size:3rem_3rem] p-4 sm:min-h-[26rem]"
        >
          <div className="w-full max-w-md">
            <p
              hidden
              data-map-failed=""
              role="status"
              className="mb-3 text-center text-sm text-ink"
            >
              The map could not be loaded. Here is our address instead.
            </p>
            <OfficeAddressCard />
            <div
              hidden
              data-map-offer=""
              className="mt-3 rounded-[var(--radius-card)] bg-surface p-4"
            >
              <button type="button" data-map-show="" className="btn btn-secondary w-full">
                <MapIcon aria-hidden="true" className="size-4" /> Show the map
              </button>
              <p className="mt-2 text-sm text-muted">
                The map&apos;s tiles come from OpenStreetMap, so showing it sends them your IP
                address.
              </p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
