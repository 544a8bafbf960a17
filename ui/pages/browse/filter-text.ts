// Free text from the URL's query (search, category, q, location), read the same way by the server's
// loader and the browser: trimmed, control characters dropped, cut to the JSON API's 200 characters
// so that a fetch after hydration asks exactly what the server rendered.
export const MAX_FILTER_LENGTH = 200;

export function filterText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, MAX_FILTER_LENGTH)
    .trim();
}

/** The query string of a filtered list: empty values left out (§5), no page (back to page 1). */
export function filterHref(path: string, values: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const text = filterText(value);
    if (text) search.set(key, text);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
