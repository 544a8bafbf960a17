// Previous, up to five page buttons, Next (§9), and "Page x of y" for screen readers and eyes alike.
import { messages } from '../messages/catalog.ts';
import { pageWindow } from './page-window.ts';

const t = messages.businesses;

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={t.pagination}>
      <button type="button" className="admin-button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t.previous}
      </button>
      <ul>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="admin-button admin-page-button"
              aria-label={t.pageLabel(n)}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="admin-button"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
      >
        {t.next}
      </button>
      <span className="admin-muted">{t.pageOf(page, totalPages)}</span>
    </nav>
  );
}
