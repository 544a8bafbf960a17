// The SEO Sitemap tab's strings. The specification has this tab in Turkish (tr.ts); an English
// version is one more file of this shape, chosen in catalog.ts.

export interface SitemapMessages {
  /** BCP 47 language of these strings, set on the tab panel so screen readers switch voice. */
  lang: string;
  heading: string;
  intro: string;
  statsHeading: string;
  totalBusinesses: string;
  totalSitemaps: string;
  totalSitemapsHint: string;
  businessesPerSitemap: string;
  filesHeading: string;
  index: string;
  indexHint: string;
  mainPages: string;
  categories: string;
  cities: string;
  businessFile: (n: number) => string;
  noBusinessFiles: string;
  searchConsoleHeading: string;
  searchConsoleSteps: string[];
  searchConsoleLink: string;
  loadFailed: string;
  retry: string;
  loading: string;
  formatNumber: (n: number) => string;
}
