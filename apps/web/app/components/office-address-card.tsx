/**
 * The head office's postal address with a link that opens it in a map service. Shown among the
 * contact cards, and in place of the contact map when the map cannot load.
 */
import { ExternalLink, MapPin } from "lucide-react";
import { brand } from "~/brand";

/** OpenStreetMap centered on the office, with a marker: a link, so nothing loads until it is followed. */
export const openInMapsHref = `https://www.openstreetmap.org/?mlat=${brand.map.lat}&mlon=${brand.map.lng}#map=16/${brand.map.lat}/${brand.map.lng}`;

export function OfficeAddressCard({
  headingLevel = 3,
  className = "",
}: {
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { address } = brand;
  return (
    <div className={`card flex gap-4 p-5 ${className}`}>
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand">
        <MapPin aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <Heading className="font-bold text-ink">Visit our office</Heading>
        <address className="mt-1 text-muted not-italic">
          {brand.legalName}
          <br />
          {address.street}
          <br />
          {address.locality} {address.postalCode}, {address.region}, {address.country}
        </address>
        <a
          href={openInMapsHref}
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand"
        >
          Open in maps <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </div>
    </div>
  );
}
