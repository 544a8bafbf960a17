// The list's filters: search text, country, category and status, all sent to the server.
import { useId } from 'react';
import type { CategorySummary, CountryEntry } from '../../../server/contract/business.ts';
import { messages } from '../messages/catalog.ts';

const t = messages.businesses;

export interface FilterValues {
  search: string;
  country: string;
  category: string;
  status: '' | 'verified' | 'pending';
}

export const NO_FILTERS: FilterValues = { search: '', country: '', category: '', status: '' };

export function BusinessFilters({
  values,
  countries,
  categories,
  onChange,
}: {
  values: FilterValues;
  countries: CountryEntry[] | undefined;
  categories: CategorySummary[] | undefined;
  onChange(values: FilterValues): void;
}) {
  const id = useId();
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) =>
    onChange({ ...values, [key]: value });
  const filtered =
    values.search !== '' || values.country !== '' || values.category !== '' || values.status !== '';
  return (
    <search className="admin-filters">
      <div className="admin-field admin-filter-search">
        <label htmlFor={`${id}-search`}>{t.search}</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder={t.searchPlaceholder}
          value={values.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-country`}>{t.country}</label>
        <select
          id={`${id}-country`}
          value={values.country}
          onChange={(event) => set('country', event.target.value)}
        >
          <option value="">{t.allCountries}</option>
          {countries?.map((entry) => (
            <option key={entry.country} value={entry.country}>
              {entry.country} ({entry.businessCount.toLocaleString('en-US')})
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-category`}>{t.category}</label>
        <select
          id={`${id}-category`}
          value={values.category}
          onChange={(event) => set('category', event.target.value)}
        >
          <option value="">{t.allCategories}</option>
          {categories?.map((entry) => (
            <option key={entry.category} value={entry.category}>
              {entry.category} ({entry.businessCount.toLocaleString('en-US')})
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-status`}>{t.status}</label>
        <select
          id={`${id}-status`}
          value={values.status}
          onChange={(event) => set('status', event.target.value as FilterValues['status'])}
        >
          <option value="">{t.allStatuses}</option>
          <option value="verified">{t.verified}</option>
          <option value="pending">{t.pending}</option>
        </select>
      </div>
      {filtered && (
        <button
          type="button"
          className="admin-button admin-filter-clear"
          onClick={() => onChange(NO_FILTERS)}
        >
          {t.clearFilters}
        </button>
      )}
    </search>
  );
}
