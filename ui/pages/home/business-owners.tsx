// For Business Owners (§2 Home): 'List Your Business' opens the listing form; 'Watch Demo' (its
// action is not specified) goes to the About page's "How it works" walk-through.
import { AppLink } from '../../components/app-link.tsx';

export function BusinessOwners() {
  return (
    <section className="home-owners" aria-labelledby="home-owners-title">
      <div className="container home-owners__inner">
        <div>
          <h2 id="home-owners-title" className="home-owners__title">
            For Business Owners
          </h2>
          <p className="home-owners__text">
            Is your business missing or out of date? List it for free and be found by customers searching for
            what you offer.
          </p>
        </div>
        <div className="home-owners__actions">
          <AppLink to="/add-business" className="btn btn--light">
            List Your Business
          </AppLink>
          <AppLink to="/about#how-it-works" className="btn btn--ghost-light">
            Watch Demo
          </AppLink>
        </div>
      </div>
    </section>
  );
}
