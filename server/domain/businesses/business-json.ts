// A page of businesses as the JSON text of the API's Business objects, for an answer sent as JSON
// rather than rendered (GET /api/search): on SQLite each row's text is written by SQLite
// (db/business-json.ts) and finished here with what is worked out in code — open now, the hours and
// their words (kept as text once per stored hours text), the status, the distance. The same values
// as JSON.stringify(toBusiness(row)), keys in another order. PostgreSQL goes through the objects.
import { businessJsonByIds } from '../../../db/business-json.ts';
import type { Store } from '../../../db/store/store.ts';
import type { Business } from '../../contract/business.ts';
import { hoursOf, isOpenNow, statusOf } from './to-business.ts';

/** The answer's `businesses` as JSON texts, set by the answers that read them so (a symbol:
 *  JSON.stringify of the answer leaves it out; answerJson puts it in). */
export const BUSINESSES_JSON = Symbol('businesses as JSON text');

/** A business's JSON text, in pieces that are written one after the other (joined once, with the
 *  whole answer: a text made of pieces first would be copied flat once more before the join). */
export type JsonPieces = readonly string[];

export interface WithBusinessesJson {
  [BUSINESSES_JSON]?: JsonPieces[];
}

/** The businesses found, in their order, as JSON texts, each with its distance when it has one;
 *  `asObjects` reads them the objects' way (PostgreSQL). */
export async function businessesAsJson(
  store: Store,
  found: readonly { id: number; distanceKm: number | null }[],
  asObjects: (found: readonly { id: number; distanceKm: number | null }[]) => Promise<Business[]>,
  now: Date = new Date(),
): Promise<JsonPieces[]> {
  if (store.dialect !== 'sqlite')
    return (await asObjects(found)).map((business) => [JSON.stringify(business)]);
  const distances = new Map(found.map(({ id, distanceKm }) => [id, distanceKm]));
  return businessJsonByIds(
    store.sqlite,
    found.map(({ id }) => id),
  ).map(([id, json, hoursText, timeZone, statusText]) => {
    const kept = hoursOf(hoursText);
    const status = statusOf(statusText);
    const distanceKm = distances.get(id);
    return [
      json.slice(0, -1),
      isOpenNow(kept.hours, timeZone, status, now) ? ',"isOpen":true,"hours":' : ',"isOpen":false,"hours":',
      kept.hoursJson,
      ',"openingHours":',
      kept.openingHoursJson,
      status === null ? ',"businessStatus":null' : `,"businessStatus":"${status}"`,
      distanceKm === null || distanceKm === undefined ? '}' : `,"distanceKm":${roundKm(distanceKm)}}`,
    ];
  });
}

/** Distances as the answers give them: to 10 m. */
export const roundKm = (km: number) => Math.round(km * 100) / 100;

/** An answer's JSON text: its `businesses` from their texts when it carries them (BUSINESSES_JSON).
 *  Written by one join of every piece, so that the text is made flat once: the businesses joined and
 *  the rest added after made it twice over before it was sent (~70 KB of a near answer's ~225 KB
 *  allocated, with its texts made of pieces first, ~36 KB more). */
export function answerJson(body: unknown): string {
  const texts =
    typeof body === 'object' && body !== null ? (body as WithBusinessesJson)[BUSINESSES_JSON] : undefined;
  if (!texts) return JSON.stringify(body);
  const { businesses: _, ...rest } = body as { businesses?: unknown };
  const restJson = JSON.stringify(rest);
  const parts: string[] = ['{"businesses":['];
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) parts.push(',');
    for (const piece of texts[i]!) parts.push(piece);
  }
  parts.push(restJson === '{}' ? ']}' : `],${restJson.slice(1)}`);
  return parts.join('');
}
