// What the request log keeps of a URL: a visitor's position ("Use my location" puts lat and lng in the
// search URL) is never written to a log; the rest of the URL is, for tracing requests.

const POSITION = /([?&](?:lat|lng)=)[^&#]*/gi;

/** The URL with the values of its lat and lng parameters replaced by "hidden". */
export function loggedUrl(url: string): string {
  return url.includes('lat=') || url.includes('lng=') ? url.replace(POSITION, '$1hidden') : url;
}
