// Browser entry: hydrate the server's document with the query cache it was rendered with, so no
// read is repeated; from here on, navigation is client-side and reads go through the JSON API.
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createHttpApi } from './api/http-api.ts';
import { createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { Document, PAGE_DATA_ID } from './document.tsx';
import { matchPageRoutes, preloadMatchedPages } from './routes.tsx';
import type { PageData } from './page-data.ts';
import './styles/site.css';

const pageDataText = document.getElementById(PAGE_DATA_ID)?.textContent ?? '{}';
const pageData = JSON.parse(pageDataText) as PageData;
const queryClient = createQueryClient();
hydrate(queryClient, pageData.queries);

// The page's own chunk first: hydrating a page that would suspend shows nothing new but costs a
// second pass.
await preloadMatchedPages(matchPageRoutes(window.location.pathname));

hydrateRoot(
  document,
  <StrictMode>
    <Document assets={pageData.assets} pageData={pageDataText}>
      <BrowserRouter>
        <App api={createHttpApi()} queryClient={queryClient} site={pageData.site} />
      </BrowserRouter>
    </Document>
  </StrictMode>,
);
