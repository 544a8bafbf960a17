// The filter and sort bar of a result list (issue 16): Open now, Verified only, a minimum rating and
// the order, each choice a plain link to the filtered URL (works without JavaScript, navigates in the
// app with it, page 1 again), the active choice marked aria-current; then the active filters, each
// with a link that removes it, and one that clears them all.
import type { ReactNode } from 'react';
import type { SortOrder } from '../../api/directory-api.ts';
import { AppLink } from '../app-link.tsx';
import { filteredHref, MIN_RATINGS, NO_FILTERS, type ResultFilters, SORT_ORDERS } from './result-filters.ts';

export interface ResultFilterBarProps {
  /** The list's path (/search, /businesses, /city/Chicago...). */
  path: string;
  /** The page's own query parameters, kept by every link (q, location, search, category...). */
  own: Record<string, string>;
  filters: ResultFilters;
  /** Offer Distance: the page knows a point or a place. */
  distance: boolean;
  /** More controls in the bar (the search page's "Use my location"). */
  children?: ReactNode;
}

const BAR_ID = 'result-filters';
const SORT_NAMES: Record<SortOrder, string> = {
  relevance: 'Relevance',
  rating: 'Rating',
  reviews: 'Reviews',
  distance: 'Distance',
};

interface Choice {
  key: string;
  text: ReactNode;
  href: string;
  active: boolean;
}

export function ResultFilterBar({ path, own, filters, distance, children }: ResultFilterBarProps) {
  const href = (change: Partial<ResultFilters>) => filteredHref(path, own, filters, change);
  const show: Choice[] = [
    { key: 'open', text: 'Open now', href: href({ openNow: !filters.openNow }), active: filters.openNow },
    {
      key: 'verified',
      text: 'Verified only',
      href: href({ verified: !filters.verified }),
      active: filters.verified,
    },
  ];
  const ratings: Choice[] = [
    { key: 'any', text: 'Any', href: href({ minRating: null }), active: filters.minRating === null },
    ...MIN_RATINGS.map((rating) => ({
      key: String(rating),
      text: (
        <>
          {rating}+<span className="visually-hidden"> stars</span>
        </>
      ),
      href: href({ minRating: rating }),
      active: filters.minRating === rating,
    })),
  ];
  const sorts: Choice[] = SORT_ORDERS.filter((order) => order !== 'distance' || distance).map((order) => ({
    key: order,
    text: SORT_NAMES[order],
    href: href({ sort: order === 'relevance' ? null : order }),
    active: (filters.sort ?? 'relevance') === order,
  }));
  return (
    // A group that keeps focus when a removed filter's link disappears (see ActiveFilters). Not a
    // <fieldset>: its choices are links, not form fields.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div id={BAR_ID} className="rfilters" role="group" aria-label="Filter and sort results" tabIndex={-1}>
      <div className="rfilters__groups">
        <ChoiceGroup id="rf-show" label="Show" choices={show} />
        <ChoiceGroup id="rf-rating" label="Rating" choices={ratings} />
        <ChoiceGroup id="rf-sort" label="Sort" choices={sorts} />
        {children}
      </div>
      <ActiveFilters path={path} own={own} filters={filters} />
    </div>
  );
}

function ChoiceGroup({ id, label, choices }: { id: string; label: string; choices: Choice[] }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: links, not form fields (see ResultFilterBar)
    <div className="rfilters__group" role="group" aria-labelledby={id}>
      <span id={id} className="rfilters__label">
        {label}
      </span>
      <ul className="rfilters__choices">
        {choices.map((choice) => (
          <li key={choice.key}>
            <AppLink
              to={choice.href}
              className="rfilters__choice"
              aria-current={choice.active ? 'true' : undefined}
            >
              {choice.text}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The filters in force, each removable, and "Clear all filters"; nothing when there are none. */
function ActiveFilters({ path, own, filters }: Omit<ResultFilterBarProps, 'distance'>) {
  const active: { key: string; name: string; change: Partial<ResultFilters> }[] = [];
  if (filters.openNow) active.push({ key: 'open', name: 'Open now', change: { openNow: false } });
  if (filters.minRating !== null)
    active.push({ key: 'rating', name: `Rated ${filters.minRating}+`, change: { minRating: null } });
  if (filters.verified) active.push({ key: 'verified', name: 'Verified only', change: { verified: false } });
  if (filters.point) active.push({ key: 'point', name: 'Near your location', change: { point: null } });
  if (filters.sort) active.push({ key: 'sort', name: `Sorted by ${filters.sort}`, change: { sort: null } });
  if (active.length === 0) return null;
  // The link clicked disappears with its filter: focus goes to the bar, not to the document.
  const keepFocus = () => document.getElementById(BAR_ID)?.focus({ preventScroll: true });
  return (
    <div className="rfilters__active">
      <span id="rf-active" className="rfilters__label">
        Active filters
      </span>
      <ul className="rfilters__chips" aria-labelledby="rf-active">
        {active.map((item) => (
          <li key={item.key}>
            <AppLink
              to={filteredHref(path, own, filters, item.change)}
              className="rfilters__chip"
              onClick={keepFocus}
            >
              <span className="visually-hidden">Remove filter: </span>
              {item.name}
              <span aria-hidden="true"> ×</span>
            </AppLink>
          </li>
        ))}
        <li>
          <AppLink
            to={filteredHref(path, own, NO_FILTERS)}
            className="rfilters__chip rfilters__chip--clear"
            onClick={keepFocus}
          >
            Clear all filters
          </AppLink>
        </li>
      </ul>
    </div>
  );
}
