// SEO Sitemap: the sitemap figures, a link to every sitemap file, and how to hand the index to
// Google Search Console. In Turkish, as the specification says (messages/tr.ts).
import { useQuery } from '@tanstack/react-query';
import { sitemapStatsQuery } from '../api/admin-queries.ts';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { messages } from '../messages/catalog.ts';
import { useRequireLoginOn401 } from '../use-require-login-on-401.ts';

const t = messages.sitemap;
const SEARCH_CONSOLE_URL = 'https://search.google.com/search-console/sitemaps';

export function SitemapTab() {
  const stats = useQuery(sitemapStatsQuery());
  useRequireLoginOn401(stats.error);

  return (
    <div className="admin-stack">
      <h2>{t.heading}</h2>
      <p>{t.intro}</p>
      {stats.isPending ? (
        <LoadingState label={t.loading} />
      ) : stats.isError ? (
        <ErrorState
          error={stats.error}
          onRetry={() => stats.refetch()}
          text={t.loadFailed}
          retryLabel={t.retry}
        />
      ) : (
        <>
          <section aria-labelledby="admin-sitemap-stats" className="admin-card">
            <h3 id="admin-sitemap-stats">{t.statsHeading}</h3>
            <dl className="admin-stat-grid admin-stat-list">
              <div className="admin-stat-card">
                <dt className="admin-stat-label">{t.totalBusinesses}</dt>
                <dd className="admin-stat-value">{t.formatNumber(stats.data.totalBusinesses)}</dd>
              </div>
              <div className="admin-stat-card">
                <dt className="admin-stat-label">{t.totalSitemaps}</dt>
                {/* The server's total already counts the 3 fixed files (§9). */}
                <dd className="admin-stat-value">{t.formatNumber(stats.data.totalSitemaps)}</dd>
                <dd className="admin-muted admin-small">{t.totalSitemapsHint}</dd>
              </div>
              <div className="admin-stat-card">
                <dt className="admin-stat-label">{t.businessesPerSitemap}</dt>
                <dd className="admin-stat-value">{t.formatNumber(stats.data.businessesPerSitemap)}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="admin-sitemap-files" className="admin-card">
            <h3 id="admin-sitemap-files">{t.filesHeading}</h3>
            <ul className="admin-link-list">
              <li>
                <a href={stats.data.sitemapUrls.main}>{t.index}</a>
                <span className="admin-muted admin-small admin-url">{stats.data.sitemapUrls.main}</span>
                <span className="admin-muted admin-small">{t.indexHint}</span>
              </li>
              <li>
                <a href={stats.data.sitemapUrls.mainPages}>{t.mainPages}</a>
                <span className="admin-muted admin-small admin-url">{stats.data.sitemapUrls.mainPages}</span>
              </li>
              <li>
                <a href={stats.data.sitemapUrls.categories}>{t.categories}</a>
                <span className="admin-muted admin-small admin-url">{stats.data.sitemapUrls.categories}</span>
              </li>
              <li>
                <a href={stats.data.sitemapUrls.cities}>{t.cities}</a>
                <span className="admin-muted admin-small admin-url">{stats.data.sitemapUrls.cities}</span>
              </li>
              {stats.data.sitemapUrls.businesses.map((url, index) => (
                <li key={url}>
                  <a href={url}>{t.businessFile(index + 1)}</a>
                  <span className="admin-muted admin-small admin-url">{url}</span>
                </li>
              ))}
            </ul>
            {stats.data.sitemapUrls.businesses.length === 0 && (
              <p className="admin-muted">{t.noBusinessFiles}</p>
            )}
          </section>

          <section aria-labelledby="admin-search-console" className="admin-card admin-hint-card">
            <h3 id="admin-search-console">{t.searchConsoleHeading}</h3>
            <ol>
              {t.searchConsoleSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p>
              <a href={SEARCH_CONSOLE_URL} target="_blank" rel="noopener noreferrer">
                {t.searchConsoleLink}
              </a>
            </p>
          </section>
        </>
      )}
    </div>
  );
}
