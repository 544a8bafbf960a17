// Export all businesses or one country's as .xlsx: fetched, then saved under the server's file name
// (businesses_{country or all}_{date}.xlsx), so that success and failure can be told (§8's toasts).
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { adminApi } from '../api/admin-api.ts';
import { adminCountriesQuery } from '../api/admin-queries.ts';
import { useAdminSession } from '../admin-session.tsx';
import { messages } from '../messages/catalog.ts';
import { downloadBlob } from './download-blob.ts';

const t = messages.exporter;

export function ExportSection() {
  const countries = useQuery(adminCountriesQuery());
  const [country, setCountry] = useState('');
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const session = useAdminSession();
  const id = useId();

  async function exportFile() {
    setBusy(true);
    try {
      const { blob, fileName } = await adminApi.exportFile(country || undefined);
      downloadBlob(blob, fileName);
      toast({ title: t.successTitle, description: t.successDescription, variant: 'success' });
    } catch (error) {
      session.reportError(error, { title: t.failedTitle, description: t.failedDescription });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="admin-export-heading">
      <h2 id="admin-export-heading">{t.heading}</h2>
      <p className="admin-muted">{t.intro}</p>
      <div className="admin-inline">
        <div className="admin-field">
          <label htmlFor={`${id}-country`}>{t.country}</label>
          <select id={`${id}-country`} value={country} onChange={(event) => setCountry(event.target.value)}>
            <option value="">{t.allCountries}</option>
            {countries.data?.map((entry) => (
              <option key={entry.country} value={entry.country}>
                {t.countryOption(entry.country, entry.businessCount)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="admin-button admin-button-primary"
          onClick={exportFile}
          disabled={busy}
        >
          {busy ? t.exporting : t.submit}
        </button>
      </div>
    </section>
  );
}
