// Coordinates: from the latitude/longitude columns, else from a Google Maps link.
import type { CellValue } from './text.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** A coordinate cell as a number, or undefined when it is not a plain decimal ("40,69" accepted). */
export function coordinateValue(value: CellValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!DECIMAL.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}

export function validLatitude(value: number): boolean {
  return value >= -90 && value <= 90;
}

export function validLongitude(value: number): boolean {
  return value >= -180 && value <= 180;
}

/** `!3d40.69!4d-73.99` names the place itself; `@40.69,-73.99` is where the map was centred. */
const PLACE_COORDINATES = /!3d(-?\d{1,3}(?:\.\d+)?)!4d(-?\d{1,3}(?:\.\d+)?)/;
const MAP_CENTRE = /@(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)/;

export function coordinatesFromLink(link: string): Coordinates | null {
  const match = PLACE_COORDINATES.exec(link) ?? MAP_CENTRE.exec(link);
  if (match === null) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return validLatitude(latitude) && validLongitude(longitude) ? { latitude, longitude } : null;
}
