// The pages' Content-Security-Policy. Scripts: our own files, plus this response's nonce for anything
// React writes inline while streaming. A page kept in the page cache is sent to many people, so it is
// stored with a policy without a nonce: our pages carry no executable inline script (the page data is
// an inert JSON block), so nothing needs one.
import { randomBytes } from 'node:crypto';

export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

export function pageContentSecurityPolicy(
  nonce: string | undefined,
  options: { production: boolean; https: boolean; mapTileUrl?: string },
): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : `'self'`;
  const directives = [
    `default-src 'self'`,
    `script-src ${scripts}`,
    // Business photos come from the hosts of the imported data (https only), so https: stays; the
    // map's tile host is named as well, so that it stays allowed if photos are ever narrowed down.
    // data: is also what Leaflet's CSS uses for a few small images.
    `img-src 'self'${tileOrigin(options.mapTileUrl)} https: data:`,
    `style-src 'self' 'unsafe-inline'`,
    `font-src 'self'`,
    // Development: Vite's hot-reload socket.
    options.production ? `connect-src 'self'` : `connect-src 'self' ws: wss:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ];
  // Only where the site itself is served over https (a production site on http would break).
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The origin of a tile URL template ({z}/{x}/{y} filled in), for img-src; none when absent. */
function tileOrigin(template: string | undefined): string {
  if (!template) return '';
  try {
    const url = new URL(template.replace(/\{[a-z]+\}/g, '0'));
    return url.protocol === 'https:' ? ` ${url.origin}` : '';
  } catch {
    return '';
  }
}
