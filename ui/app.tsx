// The React tree shared by the server render and the browser: providers around the route table.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { ApiProvider } from './api/api-context.tsx';
import type { DirectoryApi } from './api/directory-api.ts';
import { ToastProvider } from './components/toast/toast-provider.tsx';
import { routes } from './routes.tsx';
import { type SiteConfig, SiteConfigContext } from './site-config.ts';

function RouteOutlet() {
  return useRoutes(routes);
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
            <Suspense fallback={null}>
              <RouteOutlet />
            </Suspense>
          </ToastProvider>
        </QueryClientProvider>
      </ApiProvider>
    </SiteConfigContext.Provider>
  );
}
