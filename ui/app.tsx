// The React tree shared by the server render and the browser: providers around the route table.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { renderMatches, useLocation } from 'react-router-dom';
import { ApiProvider } from './api/api-context.tsx';
import type { DirectoryApi } from './api/directory-api.ts';
import { LinkNavigationProvider } from './components/app-link.tsx';
import { ToastProvider } from './components/toast/toast-provider.tsx';
import { matchPageRoutes } from './routes.tsx';
import { type SiteConfig, SiteConfigContext } from './site-config.ts';

// renderMatches over the kept matches rather than useRoutes: useRoutes flattens and ranks the whole
// route table on every render (~4 % of a server render of a list page).
function RouteOutlet() {
  const { pathname } = useLocation();
  return renderMatches([...matchPageRoutes(pathname)]);
}

export interface AppProps {
  api: DirectoryApi;
  queryClient: QueryClient;
  site: SiteConfig;
}

export function App({ api, queryClient, site }: AppProps) {
  return (
    <SiteConfigContext.Provider value={site}>
      <ApiProvider api={api}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <LinkNavigationProvider>
              <Suspense fallback={null}>
                <RouteOutlet />
              </Suspense>
            </LinkNavigationProvider>
          </ToastProvider>
        </QueryClientProvider>
      </ApiProvider>
    </SiteConfigContext.Provider>
  );
}
