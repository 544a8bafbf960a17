// The category filter of the browse and search pages (§2): 'All Categories', then the first 20
// categories (most businesses first) as 'category (businessCount)'. A category chosen elsewhere (a
// group from the navigation, a category further down the list) is added so the field shows it.
import type { ChangeEvent } from 'react';
import type { CategorySummary } from '../../../server/contract/business.ts';

export const CATEGORY_OPTIONS = 20;

export interface CategorySelectProps {
  id: string;
  value: string;
  categories: readonly CategorySummary[] | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

export function CategorySelect({ id, value, categories, onChange }: CategorySelectProps) {
  const shown = (categories ?? []).slice(0, CATEGORY_OPTIONS);
  const missing = value !== '' && !shown.some((c) => c.category.toLowerCase() === value.toLowerCase());
  const selected = shown.find((c) => c.category.toLowerCase() === value.toLowerCase())?.category ?? value;
  return (
    <select id={id} name="category" value={selected} onChange={onChange} className="lists-filter__select">
      <option value="">All Categories</option>
      {missing && <option value={value}>{value}</option>}
      {shown.map((c) => (
        <option key={c.category} value={c.category}>
          {c.category} ({c.businessCount.toLocaleString('en-US')})
        </option>
      ))}
    </select>
  );
}
