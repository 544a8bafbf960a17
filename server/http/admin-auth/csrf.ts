// Cross-site request protection for state-changing admin calls, from what browsers tell us about a
// request's origin (no token to carry): Fetch Metadata first, the Origin header for browsers that do
// not send it. A request carrying neither comes from a non-browser client (curl, the CLI, scripts),
// which cannot be driven by a foreign page and carries no ambient cookie unless given one.
import type { Request, RequestHandler } from 'express';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Protocol + host as this server is reached, honouring 'trust proxy' (X-Forwarded-Proto/-Host). */
function ownOrigin(req: Request): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

function sameOrigin(origin: string, req: Request): boolean {
  const own = ownOrigin(req);
  if (own === undefined) return false;
  try {
    // URL normalises case and default ports; "null" (sandboxed frames, some redirects) fails to parse.
    return new URL(origin).origin === own;
  } catch {
    return false;
  }
}

export function isCrossSiteRequest(req: Request): boolean {
  const fetchSite = req.get('sec-fetch-site');
  // A browser that sends Fetch Metadata is believed: same-origin, or none (typed URL, bookmark).
  // same-site is refused too: a sibling subdomain is not the admin panel.
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.get('origin');
  if (origin !== undefined) return !sameOrigin(origin, req);
  return false;
}

/** 403 for a cross-site POST, PUT, PATCH or DELETE; reads and safe methods pass. */
export const rejectCrossSite: RequestHandler = (req, res, next) => {
  if (STATE_CHANGING.has(req.method) && isCrossSiteRequest(req)) {
    res.status(403).json({
      error: { code: 'cross_site', message: 'Cross-site requests to the admin area are refused.' },
    });
    return;
  }
  next();
};
