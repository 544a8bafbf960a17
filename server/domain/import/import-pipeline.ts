// The whole import of one file, run in the import's own process with its own database connection:
// check → parse → normalise → stage (short transactions) → merge (one transaction) → report. The
// reading, checks and normalising are the same for every database; what the database does is the
// import target's (import-target.ts: SQLite or PostgreSQL).
import type { MergeResult, StagedExtras, StagedRow } from '../../../db/import-repository.ts';
import type { RowIssue } from '../../contract/business.ts';
import { type ImportTarget, openImportTarget } from './import-target.ts';
import type { ImportJob, ImportProgress, ImportReport } from './import-types.ts';
import { normaliseRow } from './normalise/normalise-row.ts';
import { baseSlug, slugCandidates } from './normalise/slug.ts';
import { detached } from './normalise/text.ts';
import { checkSpreadsheetFile } from './precheck.ts';
import { openSheetSource } from './sheet-source.ts';
import { toImportStagedRow } from './staged-row.ts';
import { readSpreadsheetFile } from './xlsx-stream/file-backed.ts';

const STAGE_BATCH = 5000;

/** The disk, or the configured database size limit, ran out during the import. */
export class StorageFull extends Error {
  readonly code = 'storage_full';
  constructor() {
    super(
      'The disk (or the database size limit) is full: nothing from this file was kept. Free some space and import it again.',
    );
  }
}
const PROGRESS_EVERY_MS = 250;

class IssueList {
  readonly items: RowIssue[] = [];
  total = 0;
  constructor(private readonly cap: number) {}
  add(issues: readonly RowIssue[]): void {
    this.total += issues.length;
    for (const issue of issues) if (this.items.length < this.cap) this.items.push(issue);
  }
}

export async function runImportPipeline(
  job: ImportJob,
  lockOwner: string,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const target = await openImportTarget(job, lockOwner);
  try {
    return await importWith(target, job, onProgress);
  } catch (error) {
    // The staged rows go with the connection, closed below.
    if (target.isStorageFull(error)) throw new StorageFull();
    throw error;
  } finally {
    await target.close();
  }
}

async function importWith(
  target: ImportTarget,
  job: ImportJob,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const progress: ImportProgress = { phase: 'checking', rowsRead: 0, rowsWritten: 0, totalRows: null };
  onProgress({ ...progress });
  // The ZIP's structure only: the parts are streamed from the file (xlsx-stream/file-backed.ts).
  const bytes = readSpreadsheetFile(job.filePath);
  const { kind } = checkSpreadsheetFile(bytes, job.fileName, job.limits);

  progress.phase = 'parsing';
  onProgress({ ...progress });
  const sheet = await openSheetSource(bytes, job.fileName, kind, job.limits);
  progress.phase = 'reading';
  // Only a count that cannot be wrong (see SheetSource.exactRows): a total that moved made the bar
  // reach 100 % before the end. Until the count is known, progress is rows read, without a percentage.
  progress.totalRows = sheet.exactRows;
  onProgress({ ...progress });

  const errors = new IssueList(job.maxListedIssues);
  const warnings = new IssueList(job.maxListedIssues);
  const firstRowOfPlace = new Map<string, number>();
  const slugsInFile = new Set<string>();
  let inFileDuplicates = 0;
  let rejectedRows = 0;
  const beginning = target.beginStaging();
  if (beginning) await beginning;
  let batch: (StagedRow & StagedExtras)[] = [];
  /** Rows whose slug came from the file (an export's): a taken one is replaced, and the report says so. */
  const givenSlugRows = new Set<number>();
  let lastReport = Date.now();

  /** A promise only where the database takes the rows asynchronously (then wait before reading on). */
  const flush = (): void | Promise<void> => {
    if (batch.length === 0) return;
    const staged = target.stage(batch);
    progress.rowsWritten += batch.length;
    batch = [];
    return staged;
  };

  for await (const raw of sheet.rows) {
    progress.rowsRead++;
    const result = normaliseRow(raw);
    errors.add(result.errors);
    warnings.add(result.warnings);
    const business = result.business;
    if (!business) rejectedRows++;
    else {
      const firstRow = firstRowOfPlace.get(business.placeId);
      if (firstRow !== undefined) {
        inFileDuplicates++;
        warnings.add([
          {
            row: raw.rowNumber,
            column: 'place_id',
            message: `Duplicate place_id, first seen on row ${firstRow}: skipped`,
          },
        ]);
      } else {
        // Detached: a key cut from the reader's chunk would keep the whole chunk alive (see detached()).
        firstRowOfPlace.set(detached(business.placeId), raw.rowNumber);
        const givenSlug = business.site?.slug ?? null;
        let slug =
          givenSlug !== null && !slugsInFile.has(givenSlug)
            ? givenSlug
            : baseSlug(business.name, business.placeId);
        if (slug === givenSlug) givenSlugRows.add(raw.rowNumber);
        else if (givenSlug !== null) {
          warnings.add([
            {
              row: raw.rowNumber,
              column: 'slug',
              message: `"${givenSlug}" is the page address of an earlier row of this file; this business gets a new one`,
            },
          ]);
        }
        if (slugsInFile.has(slug)) {
          slug = slugCandidates(business.name, business.placeId).find((c) => !slugsInFile.has(c)) ?? slug;
        }
        slugsInFile.add(slug);
        batch.push(toImportStagedRow(raw.rowNumber, slug, business));
        if (batch.length >= STAGE_BATCH) {
          const staged = flush();
          if (staged) await staged;
        }
      }
    }
    if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = Date.now();
      onProgress({ ...progress });
      const recorded = target.recordProgress(progress.rowsRead);
      if (recorded) await recorded;
    }
  }
  await flush();
  await target.endStaging();

  progress.totalRows = progress.rowsRead;
  progress.phase = 'merging';
  onProgress({ ...progress });
  let report: ImportReport | undefined;
  const merge = await target.merge({
    updateExisting: job.updateExisting,
    dryRun: job.dryRun,
    maxListed: job.maxListedIssues,
    // Still inside the merge's transaction: only the in-memory figures move (the run record and the
    // lock heartbeat would be written with the merge anyway).
    onProgress: ({ step, rowsMerged, mergeTotal }) => {
      progress.mergeStep = step;
      progress.rowsMerged = rowsMerged;
      progress.mergeTotal = mergeTotal;
      onProgress({ ...progress });
    },
    resolveSlug: (row, isTaken) => {
      const free = slugCandidates(row.name, row.placeId).find((c) => !isTaken(c) && !slugsInFile.has(c));
      // slugCandidates ends with numbered suffixes, so a free one always exists in practice.
      const slug = free ?? `${row.slug}-${row.placeId}`;
      slugsInFile.add(slug);
      if (givenSlugRows.has(row.rowNumber)) {
        warnings.add([
          {
            row: row.rowNumber,
            column: 'slug',
            message: `"${row.slug}" is the page address of another business; this one gets "${slug}"`,
          },
        ]);
      }
      return slug;
    },
    slugCandidates: (row) => slugCandidates(row.name, row.placeId),
    beforeCommit: (result) => {
      warnings.add(result.keptEditNotices);
      report = buildReport(job, progress.rowsRead, result, inFileDuplicates, rejectedRows, errors, warnings);
      return {
        status: 'done',
        rowsRead: progress.rowsRead,
        imported: result.imported,
        updated: result.updated,
        duplicatesSkipped: report.stats.duplicatesSkipped,
        totalErrors: rejectedRows,
        totalWarnings: warnings.total,
        message: report.message,
      };
    },
  });
  if (!report) {
    // Dry run: the merge rolled back; record the run (nothing else was written).
    warnings.add(merge.keptEditNotices);
    report = buildReport(job, progress.rowsRead, merge, inFileDuplicates, rejectedRows, errors, warnings);
    await target.finishRun({
      status: 'done',
      rowsRead: progress.rowsRead,
      imported: 0,
      updated: 0,
      duplicatesSkipped: report.stats.duplicatesSkipped,
      totalErrors: rejectedRows,
      totalWarnings: warnings.total,
      message: report.message,
    });
  }
  if (!job.dryRun) await target.afterCommit(merge.imported + merge.updated, progress, onProgress);
  progress.phase = 'done';
  onProgress({ ...progress });
  return report;
}

function buildReport(
  job: ImportJob,
  rowsRead: number,
  merge: MergeResult,
  inFileDuplicates: number,
  rejectedRows: number,
  errors: IssueList,
  warnings: IssueList,
): ImportReport {
  const duplicatesSkipped = merge.existingSkipped + inFileDuplicates;
  const verb = job.dryRun ? 'would be' : 'were';
  const message =
    `${job.dryRun ? 'Dry run' : 'Import completed'}: ${merge.imported} ${plural(merge.imported, 'business', 'businesses')} ${verb} imported` +
    `, ${merge.updated} updated${job.updateExisting ? `, ${merge.unchanged} unchanged` : ''}` +
    `, ${duplicatesSkipped} ${plural(duplicatesSkipped, 'duplicate', 'duplicates')} skipped` +
    `, ${rejectedRows} ${plural(rejectedRows, 'row', 'rows')} rejected${warnings.total > 0 ? `, ${warnings.total} ${plural(warnings.total, 'warning', 'warnings')}` : ''}.`;
  return {
    message,
    stats: {
      imported: merge.imported,
      updated: merge.updated,
      duplicatesSkipped,
      totalErrors: rejectedRows,
      ...(job.updateExisting ? { unchanged: merge.unchanged, keptEdits: merge.keptEdits } : {}),
    },
    errors: errors.items,
    warnings: warnings.items,
    ...(job.updateExisting ? { updates: merge.updates } : {}),
    runId: job.runId,
    rowsRead,
    dryRun: job.dryRun,
  };
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
