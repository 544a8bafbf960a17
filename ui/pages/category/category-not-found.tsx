// §2: the view for an unknown category, one without businesses, or a failed request (status 404).
import { Link } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta.tsx';

export function CategoryNotFound({ name }: { name: string }) {
  const message = `The category "${name}" doesn't exist or has no businesses.`;
  return (
    <main id="main" className="container lists-missing">
      <PageMeta title="Category Not Found" description={message} noindex />
      <h1>Category Not Found</h1>
      <p>{message}</p>
      <p className="lists-missing__actions">
        <Link to="/" className="btn btn--primary">
          Back to Home
        </Link>
        <Link to="/categories" className="btn btn--outline">
          View All Categories
        </Link>
      </p>
    </main>
  );
}
