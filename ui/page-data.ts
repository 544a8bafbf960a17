// What the server sends with each page for the browser to hydrate with.
import type { DehydratedState } from '@tanstack/react-query';
import type { DocumentAssets } from './document.tsx';
import type { SiteConfig } from './site-config.ts';

export interface PageData {
  site: SiteConfig;
  assets: DocumentAssets;
  queries: DehydratedState;
}
