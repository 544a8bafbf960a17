// Regenerates the SEO text of every business; the call lasts as long as the work, so the section
// shows an indeterminate bar until the answer with the count arrives.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { adminApi } from '../api/admin-api.ts';
import { useAdminSession } from '../admin-session.tsx';
import { messages } from '../messages/catalog.ts';
import { refreshAfterDataChange } from '../refresh-data.ts';

const t = messages.seo;

export function SeoSection() {
  const [running, setRunning] = useState(false);
  const toast = useToast();
  const session = useAdminSession();
  const queryClient = useQueryClient();

  async function generate() {
    setRunning(true);
    try {
      const result = await adminApi.generateSeo();
      toast({ title: t.successTitle, description: result.message, variant: 'success' });
      await refreshAfterDataChange(queryClient);
    } catch (error) {
      session.reportError(error, { title: t.failedTitle, description: t.failedDescription });
    } finally {
      setRunning(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="admin-seo-heading">
      <h2 id="admin-seo-heading">{t.heading}</h2>
      <p className="admin-muted">{t.intro}</p>
      <div className="admin-inline">
        <button
          type="button"
          className="admin-button admin-button-primary"
          onClick={generate}
          disabled={running}
        >
          {running ? t.generating : t.generate}
        </button>
        {running && <progress aria-label={t.progressLabel} />}
      </div>
    </section>
  );
}
