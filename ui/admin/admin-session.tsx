// What every admin section needs from the signed-in panel: who is signed in, and one way to report
// a failed call. A 401 in the middle of the work (the session timed out, or ended in another tab)
// is the specification's "Authentication required" and a return to the login page, wherever it happens.
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ToastInput, useToast } from '../components/toast/toast-provider.tsx';
import { AdminApiError } from './api/admin-api.ts';
import { messages } from './messages/catalog.ts';

export interface AdminSession {
  username: string;
  /** Shows `toast` for a failed call, or the sign-in prompt for a 401. */
  reportError(error: unknown, toast: ToastInput): void;
  /** The specification's redirect to /admin-login with its toast. */
  requireLogin(): void;
}

const SessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession needs an AdminSessionProvider');
  return session;
}

/** The toast and redirect of §6/§8 when the panel has no session. */
export function useRequireLogin(): () => void {
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    toast({
      title: messages.auth.requiredTitle,
      description: messages.auth.requiredDescription,
      variant: 'destructive',
    });
    navigate('/admin-login', { replace: true });
  }, [navigate, toast]);
}

export function AdminSessionProvider({ username, children }: { username: string; children: ReactNode }) {
  const toast = useToast();
  const requireLogin = useRequireLogin();
  const value = useMemo<AdminSession>(
    () => ({
      username,
      requireLogin,
      reportError(error, fallback) {
        if (error instanceof AdminApiError && error.status === 401) requireLogin();
        else toast({ variant: 'destructive', ...fallback });
      },
    }),
    [username, requireLogin, toast],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The server's sentence for a refused call, or the given fallback. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof AdminApiError && error.serverMessage ? error.serverMessage : fallback;
}
