/**
 * The interactive office map: Leaflet with OpenStreetMap tiles, a marker and an open popup at the
 * head office. Imported only in the browser, on demand (contact-map.tsx), together with its CSS:
 * Leaflet touches `window` as soon as it is imported.
 */
import "leaflet/dist/leaflet.css";
import { divIcon, type Marker as LeafletMarker } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import { brand } from "~/brand";

// A drawn pin instead of Leaflet's default PNG icon: nothing to fetch, and it takes the brand colour.
const pin = divIcon({
  className: "hourline-map-pin",
  html: '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#3730a3" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 41],
  popupAnchor: [0, -38],
});

export interface LeafletMapProps {
  /** Called once when the first tile fails before any tile has loaded: the map is unusable. */
  onTilesFailed: () => void;
  /** Called once when the first tile has loaded. */
  onTilesLoaded?: () => void;
}

export function LeafletMap({ onTilesFailed, onTilesLoaded }: LeafletMapProps) {
  // MapContainer renders its children only once the map exists, so the marker arrives through a
  // ref callback; by the time this state is set, it is on the map with its popup bound.
  const [marker, setMarker] = useState<LeafletMarker | null>(null);
  const tiles = useRef({ loaded: 0, failed: 0 });
  const { lat, lng, zoom } = brand.map;

  useEffect(() => {
    marker?.openPopup();
  }, [marker]);

  return (
    <MapContainer
      center={[lat, lng]}
      zoom={zoom}
      scrollWheelZoom={false}
      className="h-full w-full"
      attributionControl
    >
      <TileLayer
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        eventHandlers={{
          tileload: () => {
            if (tiles.current.loaded++ === 0) onTilesLoaded?.();
          },
          tileerror: () => {
            if (tiles.current.failed++ === 0 && tiles.current.loaded === 0) onTilesFailed();
          },
        }}
      />
      <Marker
        ref={setMarker}
        position={[lat, lng]}
        icon={pin}
        title={`${brand.name} office, ${brand.address.locality}`}
      >
        <Popup>
          <strong>{brand.name}</strong>
          <br />
          {brand.address.street}
          <br />
          {brand.address.locality} {brand.address.postalCode}
        </Popup>
      </Marker>
    </MapContainer>
  );
}
