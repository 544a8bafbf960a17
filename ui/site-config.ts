// The part of the server's configuration the pages need (brand, base URL, contact details, the
// header's cities). Passed to the browser with the page data: a whitelist, never the whole config.
import { createContext, useContext } from 'react';

export interface SiteConfig {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  headerCities: string[];
  /** The map's tile source (MAP_TILE_URL, MAP_ATTRIBUTION); absent: OpenStreetMap's standard tiles. */
  map?: MapConfig;
}

/** One piece of the map's attribution: text, linked when it has an href (https, checked by the config). */
export interface MapAttributionPart {
  text: string;
  href?: string;
}

export interface MapConfig {
  /** A Leaflet tile URL template: https, a fixed host, {z}/{x}/{y} (and {r}). */
  tileUrl: string;
  attribution: MapAttributionPart[];
}

export const DEFAULT_MAP_CONFIG: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: [
    { text: '© ' },
    { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
  ],
};

export const DEFAULT_HEADER_CITIES = ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Phoenix'];

export const SiteConfigContext = createContext<SiteConfig>({
  siteName: 'Local Business Directory',
  siteUrl: 'http://localhost:3000',
  contactEmail: 'info@example.com',
  contactPhone: '+1 (555) 123-4567',
  headerCities: DEFAULT_HEADER_CITIES,
});

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
