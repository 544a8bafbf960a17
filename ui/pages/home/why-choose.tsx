// 'Why Choose' + the brand (§2 Home): six feature cards, fixed text.
import { useSiteConfig } from '../../site-config.ts';

const FEATURES = [
  {
    title: 'Comprehensive Listings',
    text: 'Local businesses of every kind in one place: restaurants, clinics, garages, salons and more.',
  },
  {
    title: 'Ratings at a Glance',
    text: 'Star ratings and review counts on every listing help you choose with confidence.',
  },
  {
    title: 'Opening Hours',
    text: 'Hours for each day of the week and an open-now badge in the business’s own time zone.',
  },
  {
    title: 'Search by Location',
    text: 'Look for a service in your city, your state or near your postcode.',
  },
  {
    title: 'Call or Get Directions',
    text: 'Phone numbers you can tap to call and directions on a map, straight from the listing.',
  },
  {
    title: 'Free to Use',
    text: 'No account and no fees: search and browse as much as you like.',
  },
] as const;

export function WhyChoose() {
  const site = useSiteConfig();
  return (
    <section className="home-section" aria-labelledby="home-why-title">
      <div className="container">
        <h2 id="home-why-title" className="home-section__title">
          Why Choose {site.siteName}
        </h2>
        <p className="home-section__lead">Everything you need to find the right local business, quickly.</p>
        <ul className="home-features">
          {FEATURES.map((feature, index) => (
            <li key={feature.title} className="home-feature">
              <span className="home-feature__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="home-feature__title">{feature.title}</h3>
              <p className="home-feature__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
