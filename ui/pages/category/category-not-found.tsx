// §2: the view for an unknown category, one without businesses, or a failed request (status 404).
import { AppLink } from '../../components/app-link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';

export function CategoryNotFound({ name }: { name: string }) {
  const message = `The category "${name}" doesn't exist or has no businesses.`;
  return (
    <main id="main" className="container lists-missing">
      <PageMeta title="Category Not Found" description={message} noindex />
      <h1>Category Not Found</h1>
      <p>{message}</p>
      <p className="lists-missing__actions">
        <AppLink to="/" className="btn btn--primary">
          Back to Home
        </AppLink>
        <AppLink to="/categories" className="btn btn--outline">
          View All Categories
        </AppLink>
      </p>
    </main>
  );
}
