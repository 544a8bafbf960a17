// The hero's search (§2 Home, §5): service and location, each with a visible label, in a search
// landmark. With JavaScript, Discover or Enter navigates client-side to
// /search?q={service}&location={location}, and only when the service text is non-empty (an empty
// one keeps the visitor here, focused on the field to fill). Without JavaScript the same form is a
// plain GET to /search, where the search page handles an empty service text. Once hydrated, the
// service box suggests categories, places and businesses as the visitor types.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchCombobox } from '../../components/search-combobox/search-combobox.tsx';
import { SearchIcon } from '../../layout/icons.tsx';

export function searchHref(service: string, location: string): string {
  return `/search?q=${encodeURIComponent(service)}&location=${encodeURIComponent(location)}`;
}

export function HomeSearchForm() {
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const service = String(data.get('q') ?? '').trim();
    const location = String(data.get('location') ?? '').trim();
    if (!service) {
      form.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
      return;
    }
    navigate(searchHref(service, location));
  };

  // Uncontrolled fields: what a visitor types before hydration is kept, and read at submit.
  return (
    // A form with the search role rather than <search>: older browsers do not know that element.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      className="home-search"
      role="search"
      aria-label="Find a business"
      method="get"
      action="/search"
      onSubmit={onSubmit}
    >
      <div className="home-search__field">
        <label htmlFor="home-search-service">What service do you need?</label>
        <SearchCombobox
          id="home-search-service"
          name="q"
          type="search"
          placeholder="e.g. dentist, plumber, pizza"
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      <div className="home-search__field">
        <label htmlFor="home-search-location">Where are you located?</label>
        <input
          id="home-search-location"
          name="location"
          type="text"
          placeholder="City, state or postcode"
          autoComplete="address-level2"
          enterKeyHint="search"
        />
      </div>
      <button type="submit" className="btn btn--primary home-search__submit">
        <SearchIcon />
        Discover
      </button>
    </form>
  );
}
