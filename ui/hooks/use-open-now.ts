// The open-now badge: the server's value first (so hydration matches the HTML, even when the HTML
// came from the page cache), then the visitor's clock in the business's own time zone, by the same
// rule as the server's mapping (server/domain/businesses/to-business.ts).
import { useEffect, useState } from 'react';
import type { Business } from '../../server/contract/business.ts';
import { isOpenAt } from '../../server/contract/open-now.ts';

type OpenNowSource = Pick<Business, 'isOpen' | 'hours' | 'timeZone' | 'businessStatus'>;

export function openNow(business: OpenNowSource, now: Date): boolean {
  if (business.businessStatus === 'CLOSED_PERMANENTLY' || business.businessStatus === 'CLOSED_TEMPORARILY')
    return false;
  return isOpenAt(business.hours, business.timeZone, now);
}

export function useOpenNow(business: OpenNowSource): boolean {
  const [open, setOpen] = useState(business.isOpen);
  const { hours, timeZone, businessStatus } = business;
  useEffect(() => {
    setOpen(openNow({ isOpen: false, hours, timeZone, businessStatus }, new Date()));
    // Re-evaluate each minute: a page left open should not keep a stale badge for hours.
    const timer = setInterval(
      () => setOpen(openNow({ isOpen: false, hours, timeZone, businessStatus }, new Date())),
      60_000,
    );
    return () => clearInterval(timer);
  }, [hours, timeZone, businessStatus]);
  return open;
}
