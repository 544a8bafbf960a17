// The search page's form: service, location and category in a search landmark, each field with a
// visible label. A GET form to /search, so it works before hydration; after hydration it navigates
// without a reload (the category as soon as it is chosen) and starts again at page 1, and the
// service box suggests categories, places and businesses as the visitor types.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CategorySummary } from '../../../server/contract/business.ts';
import { type ResultFilters, resultFilterParams } from '../../components/result-filters/result-filters.ts';
import { SearchCombobox } from '../../components/search-combobox/search-combobox.tsx';
import { useUrlField } from '../../hooks/use-url-field.ts';
import { CategorySelect } from '../browse/category-select.tsx';
import { formSearchHref, isSearched, SEARCH_PATH, type SearchState } from './search-state.ts';

export function SearchForm({
  state,
  categories,
  filters,
}: {
  state: SearchState;
  categories: readonly CategorySummary[] | undefined;
  /** Issue 16: kept through a new search (hidden fields without JavaScript). */
  filters?: ResultFilters;
}) {
  const navigate = useNavigate();
  // The fields follow the URL (back, forward) and keep what is typed in between.
  const [q, setQ] = useUrlField(state.q);
  const [location, setLocation] = useUrlField(state.location);
  const [category, setCategory] = useUrlField(state.category);

  const go = (values: { q: string; location: string; category: string }) => {
    // A service, a place or both is searched; with neither the page's prompt stays.
    if (!isSearched({ q: values.q.trim(), location: values.location.trim() })) return;
    navigate(formSearchHref(state, values, filters));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q, location, category });
  };

  return (
    // A form with the search role rather than <search>: older browsers do not know that element.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      role="search"
      aria-label="Search businesses"
      method="get"
      action={SEARCH_PATH}
      className="lists-filter"
      onSubmit={submit}
    >
      <div className="lists-filter__field lists-filter__field--grow">
        <label htmlFor="search-q">What service do you need?</label>
        <SearchCombobox
          id="search-q"
          name="q"
          type="search"
          value={q}
          onValueChange={setQ}
          maxLength={200}
          className="lists-filter__input"
        />
      </div>
      <div className="lists-filter__field lists-filter__field--grow">
        <label htmlFor="search-location">Where are you located?</label>
        <input
          id="search-location"
          type="text"
          name="location"
          autoComplete="address-level2"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          maxLength={200}
          className="lists-filter__input"
        />
      </div>
      <div className="lists-filter__field">
        <label htmlFor="search-category">Category</label>
        <CategorySelect
          id="search-category"
          value={category}
          categories={categories}
          onChange={(event) => {
            setCategory(event.target.value);
            go({ q, location, category: event.target.value });
          }}
        />
      </div>
      {filters &&
        Object.entries(resultFilterParams(filters)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <button type="submit" className="btn btn--primary lists-filter__submit">
        Search
      </button>
    </form>
  );
}
