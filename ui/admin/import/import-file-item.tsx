// One file of the queue: name, state, the upload bar, then the import bar (rows read and written,
// with the phase; a fill and a percentage only once the row count is known), then the report or the
// reason it failed.
import { messages } from '../messages/catalog.ts';
import { ImportReport } from './import-report.tsx';
import { mergeFraction, type QueueItem } from './use-import-queue.ts';

const t = messages.importer;

export function ImportFileItem({ item }: { item: QueueItem }) {
  const name = item.file.name;
  const progress = item.progress;
  const barFraction =
    progress?.phase === 'merging'
      ? mergeFraction(progress)
      : progress?.phase === 'done'
        ? null
        : item.fraction;
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
          {/* Indeterminate (animated) until the row count is known, and in the merging phase until the
              server reports its steps; the merge has its own bar, from 0 to the whole. */}
          {barFraction === null ? (
            <progress aria-label={t.importProgress(name)} />
          ) : (
            <progress aria-label={t.importProgress(name)} max={1000} value={Math.round(barFraction * 1000)} />
          )}
          <span className="admin-muted admin-small">
            {t.phases[progress?.phase ?? 'waiting']}
            {progress?.phase === 'merging' && progress.mergeStep && progress.mergeTotal !== undefined
              ? ` · ${t.mergeSteps[progress.mergeStep]} · ${
                  progress.mergeStep === 'compacting' && progress.indexPages
                    ? t.percentRead(progress.pagesCompacted ?? 0, progress.indexPages)
                    : progress.checkpointBytes
                      ? t.bytes(progress.bytesCheckpointed ?? 0, progress.checkpointBytes)
                      : t.rowsMerged(progress.rowsMerged ?? 0, progress.mergeTotal)
                }`
              : progress
                ? ` · ${t.rowsProgress(progress.rowsRead, progress.rowsWritten, progress.totalRows)}${
                    progress.phase === 'reading' && progress.totalRows
                      ? ` · ${t.percentRead(progress.rowsRead, progress.totalRows)}`
                      : ''
                  }`
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
