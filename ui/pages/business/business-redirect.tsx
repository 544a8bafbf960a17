// /business/:id is not a page of its own: the server answers 301 to /details/{slug}, the canonical
// URL. A client-side navigation here (an old link inside the app) asks the server the same way.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { RouteLoader } from '../../route-types.ts';

export const loadBusinessRedirect: RouteLoader = async ({ params, slugForId }) => {
  const id = params.id ?? '';
  const slug = /^\d{1,15}$/.test(id) && slugForId ? slugForId(Number(id)) : null;
  if (!slug) return { status: 404 };
  return { redirect: { status: 301, location: `/details/${encodeURIComponent(slug)}` } };
};

export function BusinessRedirect() {
  const location = useLocation();
  useEffect(() => {
    window.location.replace(location.pathname);
  }, [location.pathname]);
  return null;
}
