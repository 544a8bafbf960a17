// §2: the view for an unknown slug or a failed request (the server answers it with status 404).
import { AppLink } from '../../components/app-link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';

export function BusinessNotFound() {
  return (
    <main id="main" className="container bdetail-missing">
      <PageMeta
        title="Business Not Found"
        description="The business you're looking for doesn't exist or may have been removed."
        noindex
      />
      <h1>Business Not Found</h1>
      <p>The business you're looking for doesn't exist or may have been removed.</p>
      <p>
        <AppLink to="/" className="bbtn bbtn--primary">
          Back to Home
        </AppLink>
      </p>
    </main>
  );
}
