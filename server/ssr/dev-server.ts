// `directory serve --dev`: Vite in middleware mode serves the browser modules with hot reload and
// loads the server entry through its module graph, so edits under ui/ apply without a restart.
import type { SiteRouterOptions } from './site-router.ts';

export async function createDevSiteOptions(): Promise<{
  options: SiteRouterOptions;
  close: () => Promise<void>;
}> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true },
    appType: 'custom',
  });
  return {
    options: {
      before: vite.middlewares as unknown as SiteRouterOptions['before'],
      assets: () => ({
        styles: [],
        modulePreloads: [],
        bootstrapModules: ['/@vite/client', '/ui/dev/entry-dev.ts'],
      }),
      loadEntry: () =>
        vite.ssrLoadModule('/ui/entry-server.tsx') as Promise<typeof import('../../ui/entry-server.tsx')>,
      // An edit under ui/ changes the page but not a tag computed at start: always send it whole.
      validators: false,
    },
    close: () => vite.close(),
  };
}
