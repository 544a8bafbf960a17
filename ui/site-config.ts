// The part of the server's configuration the pages need (brand, base URL, contact details, the
// header's cities). Passed to the browser with the page data: a whitelist, never the whole config.
import { createContext, useContext } from 'react';

export interface SiteConfig {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  headerCities: string[];
}

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
