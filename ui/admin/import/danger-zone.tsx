// Delete-all behind the three confirmations of §5: the confirm dialog with the specification's
// sentence, a final warning, then typing DELETE exactly. Cancel at any step ends it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { adminApi } from '../api/admin-api.ts';
import { adminStatisticsQuery } from '../api/admin-queries.ts';
import { useAdminSession } from '../admin-session.tsx';
import { AlertDialog } from '../components/alert-dialog.tsx';
import { messages } from '../messages/catalog.ts';
import { refreshAfterDataChange } from '../refresh-data.ts';

const t = messages.danger;

type Step = 'idle' | 'confirm' | 'warning' | 'type';

export function DangerZone() {
  const [step, setStep] = useState<Step>('idle');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const statistics = useQuery(adminStatisticsQuery());
  const toast = useToast();
  const session = useAdminSession();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const cancel = () => {
    setStep('idle');
    setTyped('');
  };

  async function deleteAll() {
    // The button is disabled until the word is right; this guards a submit by Enter as well.
    if (typed !== t.typeWord) return;
    setBusy(true);
    try {
      const result = await adminApi.deleteAll();
      cancel();
      toast({ title: t.successTitle, description: result.message, variant: 'success' });
      await refreshAfterDataChange(queryClient);
    } catch (error) {
      cancel();
      session.reportError(error, { title: t.failedTitle, description: t.failedDescription });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card admin-danger" aria-labelledby="admin-danger-heading">
      <h2 id="admin-danger-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      <button type="button" className="admin-button admin-button-danger" onClick={() => setStep('confirm')}>
        {t.deleteAll}
      </button>

      {step === 'confirm' && (
        <AlertDialog
          title={t.confirmTitle}
          description={<p>{t.confirmText}</p>}
          cancelLabel={messages.common.cancel}
          confirmLabel={t.confirmButton}
          onCancel={cancel}
          onConfirm={() => setStep('warning')}
        />
      )}
      {step === 'warning' && (
        <AlertDialog
          title={t.warningTitle}
          description={<p>{t.warningText(statistics.data?.totalBusinesses)}</p>}
          cancelLabel={messages.common.cancel}
          confirmLabel={t.warningButton}
          onCancel={cancel}
          onConfirm={() => setStep('type')}
        />
      )}
      {step === 'type' && (
        <AlertDialog
          title={t.typeTitle}
          description={<p>{t.typeText}</p>}
          cancelLabel={messages.common.cancel}
          confirmLabel={busy ? t.deleting : t.typeButton}
          confirmDisabled={typed !== t.typeWord}
          busy={busy}
          onCancel={cancel}
          onConfirm={deleteAll}
          initialFocus={inputRef}
        >
          <form
            className="admin-field"
            onSubmit={(event) => {
              event.preventDefault();
              void deleteAll();
            }}
          >
            <label htmlFor={`${id}-word`}>{t.typeLabel}</label>
            <input
              ref={inputRef}
              id={`${id}-word`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              disabled={busy}
              onChange={(event) => setTyped(event.target.value)}
            />
          </form>
        </AlertDialog>
      )}
    </section>
  );
}
