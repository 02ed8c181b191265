/**
 * The interactive office map: Leaflet with OpenStreetMap tiles, a marker and an open popup at the
 * head office. Imported only in the browser, on demand (app/enhance/contact-map.ts), together with
 * its CSS: Leaflet touches `window` as soon as it is imported.
 */
import "leaflet/dist/leaflet.css";
import { divIcon, map as leafletMap, marker, tileLayer } from "leaflet";
import { brand } from "~/brand";

// A drawn pin instead of Leaflet's default PNG icon: nothing to fetch, and it takes the brand color.
const pin = divIcon({
  className: "hourline-map-pin",
  html: '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#3730a3" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 41],
  popupAnchor: [0, -38],
});

export interface OfficeMapEvents {
  /** Called once when the first tile has loaded. */
  onTilesLoaded: () => void;
  /** Called once when the first tile fails before any tile has loaded: the map is unusable. */
  onTilesFailed: () => void;
}

/** Draws the map in `host`; returns a function that removes it. */
export function showOfficeMap(host: HTMLElement, events: OfficeMapEvents): () => void {
  const { lat, lng, zoom } = brand.map;
  const map = leafletMap(host, {
    center: [lat, lng],
    zoom,
    scrollWheelZoom: false,
    attributionControl: true,
  });
  const tiles = { loaded: 0, failed: 0 };
  tileLayer("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", {
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  })
    .on("tileload", () => {
      if (tiles.loaded++ === 0) events.onTilesLoaded();
    })
    .on("tileerror", () => {
      if (tiles.failed++ === 0 && tiles.loaded === 0) events.onTilesFailed();
    })
    .addTo(map);

  const popup = document.createElement("div");
  const name = document.createElement("strong");
  name.textContent = brand.name;
  popup.append(
    name,
    document.createElement("br"),
    brand.address.street,
    document.createElement("br"),
    `${brand.address.locality} ${brand.address.postalCode}`,
  );
  marker([lat, lng], { icon: pin, title: `${brand.name} office, ${brand.address.locality}` })
    .addTo(map)
    .bindPopup(popup)
    .openPopup();
  return () => map.remove();
}
