/// <reference types="vite/client" />
// The map itself: Leaflet, its CSS and its marker pictures. Imported only by ResultsMap's dynamic
// import() when the map comes into view, so all of it is a chunk of its own that a first visit never
// downloads (decision 0027). Markers are Leaflet's keyboard markers (an <img role="button"> in the
// tab order) named by the business; Enter or Space opens the business's card and moves focus into it,
// Escape closes it and returns to the marker. Nothing here traps focus: Tab goes on through the
// card, the zoom buttons and the attribution, then out of the map.
import {
  icon,
  latLngBounds,
  type Map as LeafletMap,
  type Marker,
  map as leafletMap,
  marker as leafletMarker,
  tileLayer,
} from 'leaflet';
import 'leaflet/dist/leaflet.css';
// Bundled by Vite (small enough to be inlined as data: URLs): never loaded from a CDN.
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import type { MapAttributionPart } from '../../site-config.ts';
import { type MapPlace, ratingText } from './map-places.ts';

export interface LeafletMapOptions {
  tileUrl: string;
  attribution: readonly MapAttributionPart[];
  /** prefers-reduced-motion: no zoom, fade or pan animations. */
  reducedMotion: boolean;
  /** A plain left click on a card's link: the app navigates itself. */
  navigate: (path: string) => void;
  /** The first tile that failed to load (no network, a tile server down). */
  onTilesFailed: () => void;
}

export interface MountedMap {
  destroy(): void;
}

const MARKER_ICON = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** One marker: zoomed in as a street map would be. */
const SINGLE_PLACE_ZOOM = 15;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Leaflet's attribution control takes HTML: built from the configuration's parts, every part escaped
 *  (the hrefs are https URLs, checked when the configuration was read). */
export function attributionHtml(parts: readonly MapAttributionPart[]): string {
  return parts
    .map((part) =>
      part.href && /^https:\/\//i.test(part.href)
        ? `<a href="${escapeHtml(part.href)}" rel="noopener">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('');
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** The business's card: its name linked to its page, its rating and its address, as DOM (no HTML
 *  strings of imported text). */
function placeCard(place: MapPlace, navigate: (path: string) => void): HTMLElement {
  const card = document.createElement('div');
  card.className = 'rmap-card';
  const name = document.createElement('a');
  name.className = 'rmap-card__name';
  name.href = place.path;
  name.textContent = place.name;
  name.addEventListener('click', (event) => {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    navigate(place.path);
  });
  const rating = document.createElement('p');
  rating.className = 'rmap-card__rating';
  rating.textContent = ratingText(place);
  card.append(name, rating);
  if (place.address) {
    const address = document.createElement('p');
    address.className = 'rmap-card__address';
    address.textContent = place.address;
    card.append(address);
  }
  return card;
}

/** Brings an open card fully into the map's box (Leaflet's own autoPan always animates). */
function panCardIntoView(map: LeafletMap, card: HTMLElement, animate: boolean): void {
  const box = map.getContainer().getBoundingClientRect();
  const rect = card.getBoundingClientRect();
  const pad = 12;
  let dx = 0;
  let dy = 0;
  if (rect.top < box.top + pad) dy = rect.top - box.top - pad;
  else if (rect.bottom > box.bottom - pad) dy = rect.bottom - box.bottom + pad;
  if (rect.left < box.left + pad) dx = rect.left - box.left - pad;
  else if (rect.right > box.right - pad) dx = rect.right - box.right + pad;
  if (dx || dy) map.panBy([dx, dy], { animate });
}

export function mountLeafletMap(
  container: HTMLElement,
  places: readonly MapPlace[],
  options: LeafletMapOptions,
): MountedMap {
  const animate = !options.reducedMotion;
  const map = leafletMap(container, {
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
    inertia: animate,
    // The page scrolls under the wheel; zoom is the buttons, the keyboard, pinch and double-click.
    scrollWheelZoom: false,
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" rel="noopener">Leaflet</a>');
  const tiles = tileLayer(options.tileUrl, {
    attribution: attributionHtml(options.attribution),
    maxZoom: 19,
  });
  tiles.once('tileerror', () => options.onTilesFailed());
  tiles.addTo(map);

  // The view first: Leaflet adds layers to a map without one only when it gets one, and each
  // marker's element is needed right away.
  const first = places[0];
  if (places.length === 1 && first) map.setView([first.latitude, first.longitude], SINGLE_PLACE_ZOOM);
  else
    map.fitBounds(latLngBounds(places.map((p) => [p.latitude, p.longitude])), {
      padding: [32, 32],
      maxZoom: 16,
      animate: false,
    });

  const markers: Marker[] = [];
  for (const place of places) {
    const card = placeCard(place, options.navigate);
    const marker = leafletMarker([place.latitude, place.longitude], {
      icon: MARKER_ICON,
      alt: place.name,
      title: place.name,
      keyboard: true,
      riseOnHover: true,
    }).bindPopup(card, { autoPan: false, maxWidth: 260 });
    marker.addTo(map);
    const element = marker.getElement();
    element?.setAttribute('aria-haspopup', 'dialog');
    // Enter and Space open the card (Leaflet alone answers Enter's keypress only, and leaves focus
    // on the marker); focus moves to the card's link so the card is what is read next.
    element?.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      marker.openPopup();
      card.querySelector('a')?.focus({ preventScroll: true });
    });
    card.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      marker.closePopup();
      marker.getElement()?.focus();
    });
    marker.on('popupopen', (event) => {
      const element = event.popup.getElement();
      if (!element) return;
      element.setAttribute('role', 'dialog');
      element.setAttribute('aria-label', place.name);
      panCardIntoView(map, element, animate);
    });
    markers.push(marker);
  }

  return {
    destroy() {
      for (const marker of markers) marker.off();
      map.remove();
    },
  };
}
