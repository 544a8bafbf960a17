// Opening hours by day, Monday to Sunday, with today highlighted and the open-now badge. "Today" is
// the business's own day (its time zone), known only in the browser: the server renders no highlight
// and the effect adds it after hydration, so the HTML from the page cache never mismatches.
import { useEffect, useState } from 'react';
import type { Business } from '../../../server/contract/business.ts';
import { OpenBadge } from '../../components/business-card/open-badge.tsx';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function weekdayIn(timeZone: string | null, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: timeZone ?? 'UTC' }).format(now);
  } catch {
    // A zone this browser does not know: the hours are read as UTC, as isOpenAt does.
    return new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(now);
  }
}

function useTodayIn(timeZone: string | null): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    setToday(weekdayIn(timeZone, new Date()));
    const timer = setInterval(() => setToday(weekdayIn(timeZone, new Date())), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return today;
}

export function OpeningHours({ business }: { business: Business }) {
  const today = useTodayIn(business.timeZone);
  const known = DAYS.some((day) => business.openingHours[day] !== undefined);
  return (
    <section className="bdetail__section" aria-labelledby="bdetail-hours">
      <div className="bdetail__section-head">
        <h2 id="bdetail-hours">Opening Hours</h2>
        <OpenBadge business={business} />
      </div>
      {known ? (
        <dl className="bhours">
          {DAYS.map((day) => (
            <div
              key={day}
              className={day === today ? 'bhours__row bhours__row--today' : 'bhours__row'}
              aria-current={day === today ? 'date' : undefined}
            >
              <dt>
                {day}
                {day === today && <span className="bhours__today"> (Today)</span>}
              </dt>
              <dd>{business.openingHours[day] ?? 'Not available'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>Opening hours are not available for this business. Please contact the business before visiting.</p>
      )}
    </section>
  );
}
