// Test support: discovery's data on generated businesses (which all have coordinates and no hours),
// written the same way on either dialect, with the discovery index rebuilt as a copy or an import
// leaves it.
import { sql } from 'kysely';
import { discoveryRebuild, pgDiscoveryRebuild } from '../../../../db/discovery-index.ts';
import { preparedQuery } from '../../../../db/query/prepared-query.ts';
import type { Store } from '../../../../db/store/store.ts';

/** The instant the fixtures' hours are meant for: a Tuesday afternoon in Europe, morning in the
 *  Americas, after midnight in Tokyo. */
export const DISCOVERY_NOW = new Date('2026-11-24T15:30:00.000Z');

const setHours = preparedQuery(
  'testing_discovery_fixtures_set_hours',
  (db, a: { mod: number; rest: number; hours: string; timeZone: string }) =>
    db
      .updateTable('businesses')
      .set({ hours: a.hours, time_zone: a.timeZone })
      .where(sql<number>`id % ${a.mod}`, '=', a.rest),
);
const setClosed = preparedQuery(
  'testing_discovery_fixtures_set_closed',
  (db, a: { mod: number; rest: number }) =>
    db
      .updateTable('businesses')
      .set({ business_status: 'CLOSED_TEMPORARILY' })
      .where(sql<number>`id % ${a.mod}`, '=', a.rest),
);
const takePoint = preparedQuery(
  'testing_discovery_fixtures_take_point',
  (db, a: { mod: number; rest: number }) =>
    db
      .updateTable('businesses')
      .set({ latitude: null, longitude: null })
      .where(sql<number>`id % ${a.mod}`, '=', a.rest),
);

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const hoursOf = (open: string, close: string, days = WEEKDAYS) =>
  JSON.stringify(Object.fromEntries(days.map((day) => [day, [{ open, close }]])));

/** Some businesses get hours in several time zones (open and closed at DISCOVERY_NOW), some are
 *  closed for now, some lose their coordinates; then the discovery index is rebuilt. */
export async function giveHoursAndTakePoints(store: Store): Promise<void> {
  const nineToFive = hoursOf('09:00', '17:00');
  await store.run(setHours, { mod: 4, rest: 0, hours: nineToFive, timeZone: 'America/New_York' });
  await store.run(setHours, { mod: 4, rest: 1, hours: nineToFive, timeZone: 'America/Los_Angeles' });
  await store.run(setHours, { mod: 8, rest: 2, hours: nineToFive, timeZone: 'Europe/London' });
  // Weekday evenings until 01:00 in Tokyo: open at NOW (00:30 on Wednesday there, Tuesday's evening).
  await store.run(setHours, { mod: 8, rest: 6, hours: hoursOf('18:00', '01:00'), timeZone: 'Asia/Tokyo' });
  await store.run(setClosed, { mod: 12, rest: 0 });
  await store.run(takePoint, { mod: 10, rest: 3 });
  if (store.dialect === 'sqlite') discoveryRebuild(store.sqlite);
  else {
    await store.query('TRUNCATE business_hours, hours_patterns');
    await pgDiscoveryRebuild(store);
  }
}
