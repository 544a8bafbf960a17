// POST /api/admin/import: one spreadsheet per call (field excelFile; optional fields update and
// dryRun), imported in a child process; answers the import report. The uploaded file is removed
// whatever happens, before the answer goes out.
import { rm } from 'node:fs/promises';
import type { Request, Response, Router } from 'express';
import { ImportError } from '../../domain/import/import-error.ts';
import { type ImportDatabase, importSpreadsheet } from '../../domain/import/import-spreadsheet.ts';
import { jobAddressOf, type ServerDatabase } from '../../domain/server-database.ts';
import { currentAdmin, requireAdmin } from '../admin-auth/routes.ts';
import { type AdminDataContext, actorOf } from './context.ts';
import { clientGone, sendError } from './errors.ts';
import { busyMessage, type SlotHolder } from './job-slots.ts';
import {
  checkDeclaredLength,
  cleanUploadName,
  createUploadReceiver,
  discardBody,
  UPLOAD_FIELD,
  type UploadReceiver,
  UploadRejected,
} from './upload.ts';

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no', '']);

/** What to answer; undefined when the client has gone and nobody is listening. */
type Answer = { status: number; body: unknown } | undefined;

const failure = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Answer => ({
  status,
  body: { error: { code, message, ...extra } },
});

/** A yes/no form field; absent means no. */
function readFlag(body: unknown, name: string): boolean | UploadRejected {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return false;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (word !== undefined && TRUE_WORDS.has(word)) return true;
  if (word !== undefined && FALSE_WORDS.has(word)) return false;
  return new UploadRejected(400, 'invalid_field', `The field ${name} must be true or false, given once.`);
}

export function registerImportRoute(router: Router, ctx: AdminDataContext): void {
  const upload = createUploadReceiver(ctx.config);

  router.post('/api/admin/import', requireAdmin, async (req: Request, res: Response) => {
    const declared = checkDeclaredLength(req, upload.limitBytes);
    if (declared) {
      // Nothing is stored; the body is still read (and dropped) so that the client sees the answer.
      ctx.logger.info({ declaredBytes: req.get('content-length') }, 'upload refused by its declared length');
      await discardBody(req);
      if (!clientGone(req, res)) sendError(res, declared.status, declared.code, declared.message);
      return;
    }
    // Refused before the upload is stored: a second tab's import should not first fill the disk.
    // Imports from other processes are caught by the database lock inside importSpreadsheet.
    const claim = ctx.slots.claim('data', 'import');
    if (!claim.acquired) {
      const message = busyMessage(claim.holder, 'this import');
      await discardBody(req);
      if (!clientGone(req, res)) sendError(res, 409, 'import_running', message);
      return;
    }
    const stored: { path?: string } = {};
    let answer: Answer;
    try {
      answer = await receiveAndImport(req, res, ctx, upload, claim.holder, stored);
    } finally {
      claim.release();
      if (stored.path) await rm(stored.path, { force: true });
    }
    if (answer && !res.headersSent) res.status(answer.status).json(answer.body);
  });
}

/** What the import writes to: SQLite's connection and file (its process opens the file), or the
 *  PostgreSQL store with the URL its process connects to. */
function importDatabaseOf(database: ServerDatabase): ImportDatabase {
  const { store } = database;
  if (store.dialect === 'sqlite') return store;
  const address = jobAddressOf(database);
  if (address.dialect !== 'postgres') throw new Error('A PostgreSQL store with a SQLite address');
  return { store, url: address.url };
}

async function receiveAndImport(
  req: Request,
  res: Response,
  { database, logger, config }: AdminDataContext,
  upload: UploadReceiver,
  holder: SlotHolder,
  stored: { path?: string },
): Promise<Answer> {
  const admin = currentAdmin(req)!;
  let file: Express.Multer.File | undefined;
  try {
    file = await upload.receive(req, res);
  } catch (error) {
    if (error instanceof UploadRejected) {
      if (error.status === 500) logger.error({ err: error }, 'upload could not be stored');
      return failure(error.status, error.code, error.message);
    }
    // The client went away mid-upload; multer has removed the partial file.
    logger.info({ reason: (error as Error).message }, 'upload abandoned by the client');
    return undefined;
  }
  if (!file) {
    return failure(
      400,
      'no_file',
      `No file received: send the spreadsheet in the multipart field "${UPLOAD_FIELD}".`,
    );
  }
  stored.path = file.path;
  const updateExisting = readFlag(req.body, 'update');
  if (updateExisting instanceof UploadRejected)
    return failure(400, updateExisting.code, updateExisting.message);
  const dryRun = readFlag(req.body, 'dryRun');
  if (dryRun instanceof UploadRejected) return failure(400, dryRun.code, dryRun.message);

  const fileName = cleanUploadName(file.originalname);
  logger.info(
    { fileName, bytes: file.size, admin: admin.username, updateExisting, dryRun },
    'import started',
  );
  try {
    const report = await importSpreadsheet(importDatabaseOf(database), {
      filePath: file.path,
      fileName,
      startedBy: actorOf(admin.username),
      updateExisting,
      dryRun,
      limits: { maxFileBytes: upload.limitBytes },
      priority: config.IMPORT_PRIORITY,
      onProgress: (progress) => {
        holder.importProgress = progress;
      },
    });
    logger.info({ fileName, runId: report.runId, stats: report.stats }, 'import finished');
    return { status: 200, body: report };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const extra = error.runId === undefined ? {} : { runId: error.runId };
    if (error.kind === 'busy') return failure(409, error.code, error.message);
    if (error.kind === 'rejected') {
      logger.info({ fileName, code: error.code }, 'import refused');
      return failure(400, error.code, error.message, extra);
    }
    logger.error({ err: error, fileName }, 'import failed');
    return failure(500, error.code, error.message, extra);
  }
}
