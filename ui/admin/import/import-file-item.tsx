// One file of the queue: name, state, the upload bar, then the import bar (rows read and written,
// with the phase), then the report or the reason it failed.
import { messages } from '../messages/catalog.ts';
import { ImportReport } from './import-report.tsx';
import type { QueueItem } from './use-import-queue.ts';

const t = messages.importer;

export function ImportFileItem({ item }: { item: QueueItem }) {
  const name = item.file.name;
  const progress = item.progress;
  return (
    <li
      className={`admin-file admin-file-${item.status}`}
      aria-busy={item.status === 'uploading' || item.status === 'importing'}
    >
      <div className="admin-file-head">
        <span className="admin-file-name">{name}</span>
        <span className={`admin-badge admin-badge-${badgeTone(item.status)}`}>{t.status[item.status]}</span>
        {item.updateExisting && <span className="admin-muted admin-small">{t.updateExisting}</span>}
      </div>

      {item.status === 'uploading' && (
        <div className="admin-progress">
          <progress
            aria-label={t.uploadProgress(name)}
            max={Math.max(item.totalBytes, 1)}
            value={item.uploadedBytes}
          />
          <span className="admin-muted admin-small">{t.bytes(item.uploadedBytes, item.totalBytes)}</span>
        </div>
      )}

      {item.status === 'importing' && (
        <div className="admin-progress">
          {/* Indeterminate (animated) until the row count is known, and while the rows are saved
              in one transaction, which reports nothing until it is done. */}
          {item.fraction === null || progress?.phase === 'merging' || progress?.phase === 'done' ? (
            <progress aria-label={t.importProgress(name)} />
          ) : (
            <progress
              aria-label={t.importProgress(name)}
              max={1000}
              value={Math.round(item.fraction * 1000)}
            />
          )}
          <span className="admin-muted admin-small">
            {t.phases[progress?.phase ?? 'waiting']}
            {progress
              ? ` · ${t.rowsProgress(progress.rowsRead, progress.rowsWritten, progress.totalRows)}`
              : ''}
          </span>
        </div>
      )}

      {item.status === 'done' && item.report && <ImportReport fileName={name} report={item.report} />}
      {item.status === 'failed' && item.error && <p className="admin-field-error">{item.error}</p>}
    </li>
  );
}

function badgeTone(status: QueueItem['status']): string {
  if (status === 'done') return 'ok';
  if (status === 'failed') return 'danger';
  if (status === 'waiting') return 'neutral';
  return 'pending';
}
