// Paging arithmetic shared by the list pages (city, category, cities, browse, search). A list page
// keeps its page number in the URL (`?page=n`, absent for page 1) so every page is a real link, with
// its own canonical URL; the loader on the server and the page in the browser read it the same way.

/** Deepest page accepted: the JSON API refuses offsets above 100,000,000 (20 a page). */
export const MAX_PAGE = 5_000_000;

/** The `page` query value as a page number: absent or empty is page 1; anything that is not a whole
 *  number from 1 to MAX_PAGE (0, -1, 1.5, "abc", "01") is null — the page answers 404. */
export function parsePageParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^[1-9]\d{0,6}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_PAGE ? page : null;
}

/** How many pages a list of `total` items has (an empty list still has its first page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** The URL of one page of a list: the other parameters kept (empty ones dropped, §5), `page` only
 *  from page 2 on, so that page 1 has one URL. */
export function pageHref(path: string, params: Record<string, string | undefined>, page: number): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** "21–40 of 57": the items a page shows, for the count line. */
export function shownRange(page: number, pageSize: number, shown: number, total: number): string {
  const first = offsetOf(page, pageSize) + 1;
  const last = offsetOf(page, pageSize) + shown;
  const format = (n: number) => n.toLocaleString('en-US');
  return shown === 0 ? `0 of ${format(total)}` : `${format(first)}–${format(last)} of ${format(total)}`;
}

/** The page numbers to link around the current one: the first, the last, and up to two either side,
 *  with null where numbers are left out (shown as an ellipsis). */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const wanted = new Set([1, totalPages]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= totalPages) wanted.add(n);
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push(null);
    result.push(n);
  });
  return result;
}

/** Where a loaded list page stands: no items at all, a page past the end, or a page to show. */
export function listOutcome(total: number, page: number, pageSize: number): 'empty' | 'out-of-range' | 'ok' {
  if (total === 0) return page === 1 ? 'empty' : 'out-of-range';
  return page > pageCount(total, pageSize) ? 'out-of-range' : 'ok';
}
