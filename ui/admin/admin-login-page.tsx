// /admin-login and /admin: the administrator signs in (§2, §5, §8). A lazy chunk of its own.
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageMeta } from '../components/page-meta.tsx';
import { useToast } from '../components/toast/toast-provider.tsx';
import { AdminApiError, adminApi } from './api/admin-api.ts';
import { messages } from './messages/catalog.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';

const t = messages.login;

type FieldErrors = { username?: string; password?: string };

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const usernameId = useId();
  const passwordId = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // §5: both are required. Checked here (the fields carry `required` too, for the browser's own
    // hint), so that the message is ours and sits next to its field.
    const found: FieldErrors = {};
    if (username.trim() === '') found.username = t.usernameRequired;
    if (password === '') found.password = t.passwordRequired;
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await adminApi.login(username.trim(), password);
      toast({ title: t.successTitle, description: t.successDescription, variant: 'success' });
      navigate('/admin-panel');
    } catch (error) {
      // 429 (throttled) and 403 (HTTPS required) carry a sentence worth reading; anything else is §8's.
      const status = error instanceof AdminApiError ? error.status : 0;
      if ((status === 429 || status === 403) && error instanceof AdminApiError && error.serverMessage) {
        toast({ title: t.throttledTitle, description: error.serverMessage, variant: 'destructive' });
      } else {
        toast({ title: t.failedTitle, description: t.failedDescription, variant: 'destructive' });
      }
      setPassword('');
      setBusy(false);
    }
  }

  return (
    <main id="main" className="admin-root admin-login">
      <PageMeta title={t.pageTitle} description={t.metaDescription} noindex />
      {/* method="post": should the form ever be sent without JavaScript, the password stays out of
          the address bar and the logs. The button waits for hydration, so it is not sent that way. */}
      <form className="admin-login-card" method="post" noValidate onSubmit={submit}>
        <h1>{t.heading}</h1>
        <p className="admin-muted">{t.intro}</p>
        <div className="admin-field">
          <label htmlFor={usernameId}>
            {t.username} <span className="admin-required">({t.required})</span>
          </label>
          <input
            ref={usernameRef}
            id={usernameId}
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? `${usernameId}-error` : undefined}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          {errors.username && (
            <p id={`${usernameId}-error`} className="admin-field-error">
              {errors.username}
            </p>
          )}
        </div>
        <div className="admin-field">
          <label htmlFor={passwordId}>
            {t.password} <span className="admin-required">({t.required})</span>
          </label>
          <input
            ref={passwordRef}
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${passwordId}-error` : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {errors.password && (
            <p id={`${passwordId}-error`} className="admin-field-error">
              {errors.password}
            </p>
          )}
        </div>
        <div className="admin-form-actions">
          <button type="button" className="admin-button" onClick={() => navigate('/')}>
            {t.cancel}
          </button>
          <button type="submit" className="admin-button admin-button-primary" disabled={!hydrated || busy}>
            {busy ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </main>
  );
}
