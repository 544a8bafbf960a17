// §2: Open Now (green) when open, otherwise Closed (red), and beside it the status in words ("Closes
// at 22:00", "Hours not listed"). Server values first, the visitor's clock after hydration
// (useOpenNow, useOpenStatus). A business without hours keeps the specification's Closed badge, but
// grey rather than red, and the words say that the hours are not listed: nothing says it is shut.
import type { Business } from '../../../server/contract/business.ts';
import { useOpenNow } from '../../hooks/use-open-now.ts';
import { useOpenStatus } from '../../hooks/use-open-status.ts';

export function OpenBadge({
  business,
}: {
  business: Pick<Business, 'isOpen' | 'hours' | 'timeZone' | 'businessStatus' | 'countryCode'>;
}) {
  const open = useOpenNow(business);
  const status = useOpenStatus(business);
  const unknown = status?.state === 'unknown';
  return (
    <>
      <span
        className={
          open ? 'bbadge bbadge--open' : unknown ? 'bbadge bbadge--unknown' : 'bbadge bbadge--closed'
        }
      >
        {open ? 'Open Now' : 'Closed'}
      </span>
      {status && <span className={`bstatus bstatus--${status.state}`}>{status.text}</span>}
    </>
  );
}
