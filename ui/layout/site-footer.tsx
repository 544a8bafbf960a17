// The footer of every public page (§1, §2): the disclaimer, the contact e-mail and phone from
// configuration, eight fixed popular categories, the first eight popular cities, the page links,
// the directory's statistics and the copyright. Its data (statistics, popular cities) is loaded by
// the layout's loader, so it is in the server's HTML.
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../components/app-link.tsx';
import { cityPath } from '../../server/contract/paths.ts';
import { useApi } from '../api/api-context.tsx';
import { popularCitiesQuery, statisticsQuery } from '../api/queries.ts';
import { abbreviateCount } from '../format/counts.ts';
import { useSiteConfig } from '../site-config.ts';
import { FOOTER_CATEGORY_ITEMS, FOOTER_CITY_COUNT, FOOTER_PAGE_ITEMS, SITEMAP_HREF } from './navigation.ts';
import { telHref } from './tel-href.ts';

function FooterStatistics() {
  const { data } = useQuery(statisticsQuery(useApi()));
  if (!data) return null;
  const figures = [
    { label: 'Businesses', value: data.totalBusinesses },
    { label: 'Cities', value: data.totalCities },
    { label: 'Categories', value: data.categories },
    { label: 'Reviews', value: data.totalReviews },
  ];
  return (
    <section className="site-footer__stats" aria-labelledby="footer-stats">
      <h2 id="footer-stats" className="visually-hidden">
        Directory statistics
      </h2>
      <dl className="site-footer__stat-list">
        {figures.map(({ label, value }) => (
          <div key={label} className="site-footer__stat">
            <dt>{label}</dt>
            <dd>{abbreviateCount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FooterCities() {
  const { data } = useQuery(popularCitiesQuery(useApi()));
  const cities = (data ?? []).slice(0, FOOTER_CITY_COUNT);
  return (
    <nav className="site-footer__column" aria-labelledby="footer-cities">
      <h2 id="footer-cities" className="site-footer__heading">
        Popular Cities
      </h2>
      <ul className="site-footer__links">
        {cities.map((city) => (
          <li key={city.name}>
            <AppLink to={cityPath(city.name)}>{city.name}</AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const site = useSiteConfig();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <section className="site-footer__about" aria-labelledby="footer-brand">
            <h2 id="footer-brand" className="site-footer__brand">
              {site.siteName}
            </h2>
            <p className="site-footer__disclaimer">
              The business information in this directory was collected from public online sources. It is
              provided free of charge and may be inaccurate or out of date: please check details with the
              business before you rely on them.
            </p>
            <ul className="site-footer__contact">
              <li>
                E-mail: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
              </li>
              <li>
                Phone: <a href={telHref(site.contactPhone)}>{site.contactPhone}</a>
              </li>
            </ul>
          </section>
          <nav className="site-footer__column" aria-labelledby="footer-categories">
            <h2 id="footer-categories" className="site-footer__heading">
              Popular Categories
            </h2>
            <ul className="site-footer__links">
              {FOOTER_CATEGORY_ITEMS.map(({ label, to }) => (
                <li key={to}>
                  <AppLink to={to}>{label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <FooterCities />
          <nav className="site-footer__column" aria-labelledby="footer-pages">
            <h2 id="footer-pages" className="site-footer__heading">
              Quick Links
            </h2>
            <ul className="site-footer__links">
              {FOOTER_PAGE_ITEMS.map(({ label, to }) => (
                <li key={to}>
                  <AppLink to={to}>{label}</AppLink>
                </li>
              ))}
              <li>
                {/* A file served by the server, not a page of the app: a plain link. */}
                <a href={SITEMAP_HREF}>Sitemap</a>
              </li>
            </ul>
          </nav>
        </div>
        <FooterStatistics />
        <p className="site-footer__copyright">© 2025 {site.siteName}. All rights reserved.</p>
      </div>
    </footer>
  );
}
