// A page number past the end of a list, or not a page number at all (?page=0, ?page=abc): the server
// answers 404 with this view rather than a thin empty page, and links to the list's first page.
import { AppLink } from '../app-link.tsx';
import { PageMeta } from '../page-meta.tsx';

export function PageOutOfRange({ listName, firstPageHref }: { listName: string; firstPageHref: string }) {
  return (
    <main id="main" className="container lists-missing">
      <PageMeta title="Page Not Found" description={`This page of ${listName} doesn't exist.`} noindex />
      <h1>Page Not Found</h1>
      <p>This page of {listName} doesn't exist. The list may have become shorter.</p>
      <p>
        <AppLink to={firstPageHref} className="btn btn--primary">
          Go to the first page
        </AppLink>
      </p>
    </main>
  );
}
