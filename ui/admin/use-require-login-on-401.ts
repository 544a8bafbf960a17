// A read that fails with 401 means the session has ended (timed out, logged out elsewhere): the
// panel goes to the login page with the specification's toast instead of showing an error.
import { useEffect } from 'react';
import { AdminApiError } from './api/admin-api.ts';
import { useAdminSession } from './admin-session.tsx';

export function useRequireLoginOn401(error: unknown): void {
  const { requireLogin } = useAdminSession();
  const expired = error instanceof AdminApiError && error.status === 401;
  useEffect(() => {
    if (expired) requireLogin();
  }, [expired, requireLogin]);
}
