// The whole HTML document, rendered by React on the server and hydrated as `document` in the browser.
// Page data travels in an inert JSON block (not an executable inline script), so that a cached page
// needs no nonce; the only scripts are the hashed module files.
import type { ReactNode } from 'react';

export const PAGE_DATA_ID = 'page-data';

export interface DocumentAssets {
  /** Stylesheets to link, in order. */
  styles: string[];
  /** Module scripts the page boots with (handed to React as bootstrapModules on the server). */
  modulePreloads: string[];
}

export interface DocumentProps {
  assets: DocumentAssets;
  /** The page data as JSON text, already escaped for an HTML script element. */
  pageData: string;
  children: ReactNode;
}

export function Document({ assets, pageData, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        {children}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by escapeJsonForHtml, never executed */}
        <script id={PAGE_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: pageData }} />
      </body>
    </html>
  );
}
