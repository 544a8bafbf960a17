// §2: Open Now (green) when open, otherwise Closed (red). Server value first, the visitor's clock
// after hydration (useOpenNow).
import type { Business } from '../../../server/contract/business.ts';
import { useOpenNow } from '../../hooks/use-open-now.ts';

export function OpenBadge({
  business,
}: {
  business: Pick<Business, 'isOpen' | 'hours' | 'timeZone' | 'businessStatus'>;
}) {
  const open = useOpenNow(business);
  return (
    <span className={open ? 'bbadge bbadge--open' : 'bbadge bbadge--closed'}>
      {open ? 'Open Now' : 'Closed'}
    </span>
  );
}
