// One file's report: the counts, the rejected rows (row, column, reason) and a download of every
// listed problem as .xlsx for fixing the source file.
import type { ImportResponse, RowIssue } from '../../../server/contract/business.ts';
import { messages } from '../messages/catalog.ts';
import { downloadBlob } from './download-blob.ts';
import { buildXlsx, type Cell } from './problems-xlsx.ts';

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

export function ImportReport({ fileName, report }: { fileName: string; report: ImportResponse }) {
  const { stats } = report;
  const listed = report.errors.length;
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
        <div>
          <dt>{t.duplicates}</dt>
          <dd>{stats.duplicatesSkipped.toLocaleString('en-US')}</dd>
        </div>
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
      {hasProblems && (
        <button
          type="button"
          className="admin-button"
          onClick={() => downloadBlob(buildXlsx(problemRows(report), 'Problems'), t.downloadName(fileName))}
        >
          {t.download}
        </button>
      )}
    </div>
  );
}
