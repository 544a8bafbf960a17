// The DirectoryApi of this render: the domain on the server, HTTP in the browser.
import { createContext, type ReactNode, useContext } from 'react';
import type { DirectoryApi } from './directory-api.ts';

const ApiContext = createContext<DirectoryApi | null>(null);

export function ApiProvider({ api, children }: { api: DirectoryApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): DirectoryApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiProvider');
  return api;
}
