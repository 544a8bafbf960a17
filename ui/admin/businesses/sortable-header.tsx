// A column header that sorts the list: a button (keyboard and screen readers reach it like any other)
// in a <th> whose aria-sort says the current order. Each press moves ascending → descending → the
// default order (newest first). The arrow is drawn by CSS from aria-sort, so the header's text stays
// the column's name.
import type { AdminSort, AdminSortColumn } from '../../../server/contract/admin-businesses.ts';

export function SortableHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: AdminSortColumn;
  label: string;
  sort: AdminSort | undefined;
  onSort(column: AdminSortColumn): void;
}) {
  const active = sort?.column === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className="admin-sortable"
    >
      <button type="button" className="admin-sort-button" onClick={() => onSort(column)}>
        {label}
      </button>
    </th>
  );
}

/** The order after a press on `column`'s header. */
export function nextSort(current: AdminSort | undefined, column: AdminSortColumn): AdminSort | undefined {
  if (current?.column !== column) return { column, order: 'asc' };
  return current.order === 'asc' ? { column, order: 'desc' } : undefined;
}
