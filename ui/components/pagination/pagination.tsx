// Paging of a list as real links (crawlable, usable before hydration, shareable): Previous and Next
// with "Page x of y" (§2's browse pager), and optionally numbered links around the current page.
// At either end the step is shown disabled. A click moves focus to the top of the results, since
// a change of the query string alone does not reset focus or scroll (see use-route-change-focus).
import { AppLink } from '../app-link.tsx';
import { pageWindow } from './page-number.ts';

export interface PaginationProps {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** Names the navigation landmark ("Pages of businesses in Chicago"). */
  label: string;
  /** Numbered links between Previous and Next (city, category and cities pages). */
  numbered?: boolean;
  /** Id of the results element that takes focus and is scrolled to after a page change. */
  resultsId?: string;
}

const format = (n: number) => n.toLocaleString('en-US');

export function Pagination({
  page,
  totalPages,
  hrefFor,
  label,
  numbered = false,
  resultsId,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const toResults = () => {
    const results = resultsId ? document.getElementById(resultsId) : null;
    if (!results) return;
    results.scrollIntoView({ block: 'start' });
    results.focus({ preventScroll: true });
  };
  const step = (target: number, text: string, enabled: boolean) =>
    enabled ? (
      <AppLink to={hrefFor(target)} className="pager__link pager__step" onClick={toResults}>
        {text}
      </AppLink>
    ) : (
      <span className="pager__link pager__step is-disabled" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="pager" aria-label={label}>
      {step(page - 1, 'Previous', page > 1)}
      {numbered && (
        <ol className="pager__pages">
          {pageWindow(page, totalPages).map((n, index) =>
            n === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
              <li key={`gap-${index}`} className="pager__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                {n === page ? (
                  <span className="pager__link is-current" aria-current="page">
                    <span className="visually-hidden">Page </span>
                    {format(n)}
                  </span>
                ) : (
                  <AppLink to={hrefFor(n)} className="pager__link" onClick={toResults}>
                    <span className="visually-hidden">Page </span>
                    {format(n)}
                  </AppLink>
                )}
              </li>
            ),
          )}
        </ol>
      )}
      <span className="pager__status">
        Page {format(page)} of {format(totalPages)}
      </span>
      {step(page + 1, 'Next', page < totalPages)}
    </nav>
  );
}
