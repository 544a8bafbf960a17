// §2: the view for a city with no businesses or a failed request (the server answers it with 404).
import { AppLink } from '../../components/app-link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';

export function CityNotFound() {
  return (
    <main id="main" className="container lists-missing">
      <PageMeta
        title="City Not Found"
        description="The city you're looking for doesn't exist or has no businesses."
        noindex
      />
      <h1>City Not Found</h1>
      <p>The city you're looking for doesn't exist or has no businesses.</p>
      <p className="lists-missing__actions">
        <AppLink to="/" className="btn btn--primary">
          Back to Home
        </AppLink>
        <AppLink to="/cities" className="btn btn--outline">
          View All Cities
        </AppLink>
      </p>
    </main>
  );
}
