// /admin-panel and /admin/dashboard: the signed-in administrator's panel (§2, §6). A lazy chunk.
// The server cannot know the session when it renders (the page is never cached, but it is the same
// for everyone), so it renders a neutral "checking" state; the browser asks check-auth after
// hydration and either shows the panel or goes to the login page with the specification's toast.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppLink } from '../components/app-link.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { adminApi } from './api/admin-api.ts';
import { heldSubmissionCountQuery } from './api/admin-queries.ts';
import { AdminSessionProvider, useRequireLogin } from './admin-session.tsx';
import { BusinessesTab } from './businesses/businesses-tab.tsx';
import { panelId, TabList, tabId } from './components/tabs.tsx';
import { DashboardTab } from './dashboard/dashboard-tab.tsx';
import { ImportTab } from './import/import-tab.tsx';
import { messages } from './messages/catalog.ts';
import { SitemapTab } from './sitemap/sitemap-tab.tsx';
import { SubmissionsTab } from './submissions/submissions-tab.tsx';

const t = messages.panel;

export const ADMIN_TABS = ['dashboard', 'businesses', 'submissions', 'import', 'sitemap'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const ID_PREFIX = 'admin';

function tabFromUrl(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'dashboard';
}

type SessionState = { kind: 'checking' } | { kind: 'signed-in'; username: string };

export default function AdminPanelPage() {
  const [session, setSession] = useState<SessionState>({ kind: 'checking' });
  const requireLogin = useRequireLogin();

  useEffect(() => {
    let live = true;
    adminApi
      .checkAuth()
      .then((user) => {
        if (!live) return;
        if (user) setSession({ kind: 'signed-in', username: user.username });
        else requireLogin();
      })
      // An unreachable server is no session either: the login page says what is wrong on submit.
      .catch(() => live && requireLogin());
    return () => {
      live = false;
    };
  }, [requireLogin]);

  return (
    <div className="admin-root">
      <PageMeta title={t.pageTitle} description={t.metaDescription} noindex />
      {session.kind === 'checking' ? (
        <main id="main" className="admin-checking">
          <h1 className="admin-visually-hidden">{t.heading}</h1>
          <p role="status">{messages.auth.checking}</p>
        </main>
      ) : (
        <AdminSessionProvider username={session.username}>
          <SignedInPanel username={session.username} />
        </AdminSessionProvider>
      )}
    </div>
  );
}

function SignedInPanel({ username }: { username: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = tabFromUrl(searchParams.get('tab'));
  // A tab, once opened, stays mounted (hidden): an upload under way on Import goes on while the
  // administrator looks at the Dashboard.
  const [visited, setVisited] = useState<ReadonlySet<AdminTab>>(() => new Set([selected]));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);
  // The number of submissions waiting, on the Submissions tab's label.
  const held = useQuery(heldSubmissionCountQuery()).data?.held ?? 0;
  const tabItems = ADMIN_TABS.map((key) => ({
    key,
    label: t.tabs[key],
    badge: key === 'submissions' ? { count: held, text: t.tabBadge(held) } : undefined,
  }));

  const select = (tab: AdminTab) => {
    setVisited((current) => (current.has(tab) ? current : new Set([...current, tab])));
    // The tab is in the address, so a reload or a shared link opens the same one.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  };

  /** Another tab, chosen from inside a panel (the Dashboard's "Review submissions"): focus goes to
   *  its tab, as if chosen in the tab list, since the control that was clicked is now hidden. */
  const selectAndFocus = (tab: AdminTab) => {
    select(tab);
    requestAnimationFrame(() => document.getElementById(tabId(ID_PREFIX, tab))?.focus());
  };

  useEffect(() => {
    // Back/forward or an edited address can change the tab without a click.
    setVisited((current) => (current.has(selected) ? current : new Set([...current, selected])));
  }, [selected]);

  async function logout() {
    setLoggingOut(true);
    try {
      await adminApi.logout();
    } catch {
      // Going home anyway: the session cookie is short-lived, and staying would suggest it worked.
    }
    // Nothing the panel read may outlive the session in this tab's memory.
    queryClient.removeQueries({ queryKey: ['admin'] });
    navigate('/');
  }

  return (
    <>
      <header className="admin-header">
        <div className="admin-header-inner">
          <h1 className="admin-brand">{t.heading}</h1>
          <p className="admin-user">{t.signedInAs(username)}</p>
          <AppLink className="admin-button admin-button-quiet" to="/">
            {t.viewSite}
          </AppLink>
          <button type="button" className="admin-button" onClick={logout} disabled={loggingOut}>
            {t.logout}
          </button>
        </div>
      </header>
      <main id="main" className="admin-main">
        <TabList
          label={t.tabsLabel}
          tabs={tabItems}
          selected={selected}
          onSelect={select}
          idPrefix={ID_PREFIX}
        />
        {ADMIN_TABS.map((tab) => (
          <section
            key={tab}
            role="tabpanel"
            id={panelId(ID_PREFIX, tab)}
            aria-labelledby={tabId(ID_PREFIX, tab)}
            hidden={tab !== selected}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern puts the panel in the Tab order after its tab
            tabIndex={0}
            // The Sitemap tab is Turkish: its language is declared for screen readers (WCAG 3.1.2).
            lang={tab === 'sitemap' ? messages.sitemap.lang : undefined}
            className="admin-tabpanel"
          >
            {visited.has(tab) && <TabContent tab={tab} onSelect={selectAndFocus} />}
          </section>
        ))}
      </main>
    </>
  );
}

function TabContent({ tab, onSelect }: { tab: AdminTab; onSelect(tab: AdminTab): void }) {
  switch (tab) {
    case 'dashboard':
      return <DashboardTab onReviewSubmissions={() => onSelect('submissions')} />;
    case 'businesses':
      return <BusinessesTab />;
    case 'submissions':
      return <SubmissionsTab />;
    case 'import':
      return <ImportTab />;
    case 'sitemap':
      return <SitemapTab />;
  }
}
