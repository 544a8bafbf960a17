// /business/:id is not a page of its own: the server answers 301 to /details/{slug}, the canonical
// URL, and for an id no business has, the Business Not Found view with status 404. A client-side
// navigation here (an old link inside the app) asks the server the same way — once: the server's 404
// page carries the not-found answer in its query cache, so hydrating it never reloads the page again
// (before issue 16 it did, about 17 times a second).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { RouteLoader } from '../../route-types.ts';
import { BusinessNotFound } from './business-not-found.tsx';

/** The cache entry the server leaves for an id without a business: `true`. */
const unknownIdKey = (id: string) => ['business-id', id, 'unknown'] as const;

export const loadBusinessRedirect: RouteLoader = async ({ params, slugForId, queryClient }) => {
  const id = params.id ?? '';
  const slug = /^\d{1,15}$/.test(id) && slugForId ? await slugForId(Number(id)) : null;
  if (slug) return { redirect: { status: 301, location: `/details/${encodeURIComponent(slug)}` } };
  queryClient.setQueryData(unknownIdKey(id), true);
  return { status: 404 };
};

export function BusinessRedirect() {
  const { id = '' } = useParams();
  const unknown = useQueryClient().getQueryData<boolean>(unknownIdKey(id)) === true;
  return unknown ? <BusinessNotFound /> : <AskTheServer />;
}

function AskTheServer() {
  const location = useLocation();
  useEffect(() => {
    window.location.replace(location.pathname);
  }, [location.pathname]);
  return null;
}
