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
  options: { production: boolean; https: boolean },
): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : `'self'`;
  const directives = [
    `default-src 'self'`,
    `script-src ${scripts}`,
    // Business photos come from the hosts of the imported data (https only).
    `img-src 'self' https: data:`,
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
