// One file's report: the counts, the rejected rows (row, column, reason), what an update changed (old →
// new, field by field) and a download of all of it as .xlsx for fixing the source file.
import type { BusinessUpdate, ImportResponse, RowIssue } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { messages } from '../messages/catalog.ts';
import { downloadBlob } from './download-blob.ts';
import { buildWorkbook, type Cell, type SheetRows } from './problems-xlsx.ts';

const t = messages.importer.report;
/** Rows shown on the page; the download has every listed one. */
export const SHOWN_ISSUES = 100;

function IssueTable({ caption, issues }: { caption: string; issues: RowIssue[] }) {
  return (
    <div className="admin-table-wrap admin-issues">
      <table className="admin-table admin-table-compact">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-numeric">
              {t.row}
            </th>
            <th scope="col">{t.column}</th>
            <th scope="col">{t.message}</th>
          </tr>
        </thead>
        <tbody>
          {issues.slice(0, SHOWN_ISSUES).map((issue, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several issues; the list never reorders
            <tr key={index}>
              <td className="admin-numeric">{issue.row}</td>
              <td>
                <code>{issue.column}</code>
              </td>
              <td>{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {issues.length > SHOWN_ISSUES && (
        <p className="admin-muted admin-small">{t.shownOf(SHOWN_ISSUES, issues.length)}</p>
      )}
    </div>
  );
}

export function problemRows(report: ImportResponse): Cell[][] {
  return [
    t.sheetColumns,
    ...report.errors.map((issue) => [issue.row, issue.column, issue.message, t.typeError]),
    ...report.warnings.map((issue) => [issue.row, issue.column, issue.message, t.typeWarning]),
  ];
}

function shownValue(value: string | number | null): string {
  return value === null || value === '' ? t.empty : String(value);
}

function ChangesTable({ caption, updates }: { caption: string; updates: BusinessUpdate[] }) {
  const rows = updates.slice(0, SHOWN_ISSUES);
  return (
    <div className="admin-table-wrap admin-issues">
      <table className="admin-table admin-table-compact">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-numeric">
              {t.row}
            </th>
            <th scope="col">{t.business}</th>
            <th scope="col">{t.field}</th>
            <th scope="col">{t.oldValue}</th>
            <th scope="col">{t.newValue}</th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((update) =>
            update.changes.map((change, index) => (
              <tr key={`${update.row}-${change.field}`}>
                {index === 0 && (
                  <>
                    <td className="admin-numeric" rowSpan={update.changes.length}>
                      {update.row}
                    </td>
                    <td rowSpan={update.changes.length}>
                      <a href={businessPath(update.slug)}>{update.name}</a>
                    </td>
                  </>
                )}
                <td>
                  <code>{change.field}</code>
                </td>
                <td className="admin-change-old">{shownValue(change.old)}</td>
                <td className="admin-change-new">{shownValue(change.new)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      {updates.length > SHOWN_ISSUES && (
        <p className="admin-muted admin-small">{t.shownOf(SHOWN_ISSUES, updates.length)}</p>
      )}
    </div>
  );
}

/** Every listed change, one line per field. */
export function changeRows(report: ImportResponse): Cell[][] {
  return [
    t.changesSheetColumns,
    ...(report.updates ?? []).flatMap((update) =>
      update.changes.map((change) => [
        update.row,
        update.placeId,
        update.name,
        businessPath(update.slug),
        change.field,
        change.old ?? '',
        change.new ?? '',
      ]),
    ),
  ];
}

/** The downloadable report: the problem rows, and beside them what the import changed. */
export function reportSheets(report: ImportResponse): SheetRows[] {
  const sheets: SheetRows[] = [{ name: t.problemsSheet, rows: problemRows(report) }];
  if ((report.updates ?? []).length > 0) sheets.push({ name: t.changesSheet, rows: changeRows(report) });
  return sheets;
}

export function ImportReport({ fileName, report }: { fileName: string; report: ImportResponse }) {
  const { stats } = report;
  const listed = report.errors.length;
  const updates = report.updates ?? [];
  const hasProblems = report.errors.length + report.warnings.length > 0;
  return (
    <div className="admin-report">
      <dl className="admin-report-counts">
        <div>
          <dt>{t.imported}</dt>
          <dd>{stats.imported.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{t.updated}</dt>
          <dd>{stats.updated.toLocaleString('en-US')}</dd>
        </div>
        {stats.unchanged !== undefined && (
          <div>
            <dt>{t.unchanged}</dt>
            <dd>{stats.unchanged.toLocaleString('en-US')}</dd>
          </div>
        )}
        <div>
          <dt>{t.duplicates}</dt>
          <dd>{stats.duplicatesSkipped.toLocaleString('en-US')}</dd>
        </div>
        {stats.keptEdits !== undefined && stats.keptEdits > 0 && (
          <div>
            <dt>{t.keptEdits}</dt>
            <dd>{stats.keptEdits.toLocaleString('en-US')}</dd>
          </div>
        )}
        <div className={stats.totalErrors > 0 ? 'admin-count-bad' : undefined}>
          <dt>{t.errors}</dt>
          <dd>{stats.totalErrors.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{t.warnings}</dt>
          <dd>{report.warnings.length.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {report.errors.length > 0 && <IssueTable caption={t.errorsCaption(fileName)} issues={report.errors} />}
      {listed < stats.totalErrors && (
        <p className="admin-muted admin-small">{t.listedOf(listed, stats.totalErrors)}</p>
      )}
      {report.warnings.length > 0 && (
        <details className="admin-details">
          <summary>{t.warningsSummary(report.warnings.length)}</summary>
          <IssueTable caption={t.warningsCaption(fileName)} issues={report.warnings} />
        </details>
      )}
      {updates.length > 0 && (
        <details className="admin-details">
          <summary>{t.changesSummary(stats.updated)}</summary>
          <ChangesTable caption={t.changesCaption(fileName)} updates={updates} />
          {updates.length < stats.updated && (
            <p className="admin-muted admin-small">{t.changesListedOf(updates.length, stats.updated)}</p>
          )}
        </details>
      )}
      {(hasProblems || updates.length > 0) && (
        <button
          type="button"
          className="admin-button"
          onClick={() => downloadBlob(buildWorkbook(reportSheets(report)), t.downloadName(fileName))}
        >
          {updates.length > 0 ? t.downloadWithChanges : t.download}
        </button>
      )}
    </div>
  );
}
