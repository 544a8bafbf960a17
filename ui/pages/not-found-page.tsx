// The 404 page (§2: titled ' 404 Page Not Found', with a developer-style hint about forgetting to
// add the page to the router), for any path the route table does not know. The document title is
// "404 Page Not Found | {brand}": the specification's text without its stray leading space (a
// browser strips it anyway), with the brand every page's title carries.
import { AppLink } from '../components/app-link.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import type { RouteLoader } from '../route-types.ts';

export const loadNotFound: RouteLoader = async () => ({ status: 404 });

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function NotFoundPage() {
  return (
    <main id="main" className="not-found">
      <PageMeta
        title={NOT_FOUND_TITLE}
        description="The page you are looking for does not exist or has moved."
        noindex
      />
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{NOT_FOUND_TITLE}</h1>
        <p className="not-found__text">The page you are looking for does not exist or has moved.</p>
        <p className="not-found__hint">
          Did you forget to add the page to the router? New pages go in the route table,{' '}
          <code>ui/routes.tsx</code>.
        </p>
        <p className="not-found__actions">
          <AppLink to="/" className="btn btn--primary">
            Back to Home
          </AppLink>
          <AppLink to="/businesses" className="btn btn--outline">
            Browse Businesses
          </AppLink>
        </p>
      </div>
    </main>
  );
}
