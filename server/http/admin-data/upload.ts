// Receiving a spreadsheet upload: multer on disk, every limit set (multer's defaults are infinite and
// an over-limit file would answer 500 with a stack), each refusal mapped to a 400 or 413 that says
// what to do. Only the import route uses it.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Config } from '../../config.ts';
import { quoteFromFile } from '../../domain/import/spreadsheet-error.ts';
import { clientGone } from './errors.ts';

/** The form field the specification names for the spreadsheet. */
export const UPLOAD_FIELD = 'excelFile';

/** Boundaries, part headers and the two small text fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const ACCEPTED_EXTENSIONS = new Set(['.xlsx', '.xls']);
const UPLOAD_PREFIX = 'directory-upload-';
const UPLOAD_NAME = /^directory-upload-(\d+)-[0-9a-f]{32}$/;
const MAX_STORED_NAME = 200;

/** A request refused while reading the upload: status, code and message for the answer. */
export class UploadRejected extends Error {
  constructor(
    readonly status: 400 | 413 | 500,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejected';
  }
}

export function uploadLimitBytes(config: Pick<Config, 'IMPORT_MAX_UPLOAD_MB'>): number {
  return Math.floor(config.IMPORT_MAX_UPLOAD_MB * 1024 * 1024);
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB`;
}

/** The client's file name as we keep it (run record, messages): no folders, no control or
 *  direction-changing characters, a bounded length that keeps the extension. */
export function cleanUploadName(originalName: string): string {
  const base = originalName.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, '')
    .trim();
  if (clean.length <= MAX_STORED_NAME) return clean;
  const extension = extname(clean).slice(0, 10);
  return `${clean.slice(0, MAX_STORED_NAME - extension.length - 1)}…${extension}`;
}

function tooLargeMessage(limit: number): string {
  return `The file is larger than the ${formatMegabytes(limit)} upload limit; split it into smaller files.`;
}

/** Refuses before reading a byte when the declared length alone is over the limit. */
export function checkDeclaredLength(req: Request, limit: number): UploadRejected | undefined {
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD_BYTES) {
    return new UploadRejected(413, 'file_too_large', tooLargeMessage(limit));
  }
  return undefined;
}

/** Reads and drops the rest of a request body. Answering before the body is read makes many clients
 *  (and any request with Connection: close) see a reset connection instead of the answer. */
export function discardBody(req: Request): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) {
      resolve();
      return;
    }
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.once('error', () => resolve());
    req.resume();
  });
}

export interface UploadReceiver {
  /** Resolves with the stored file (or undefined when the form had none); rejects with an
   *  UploadRejected, or with multer's error when the client went away. Nothing is left on disk
   *  when it rejects. */
  receive(req: Request, res: Response): Promise<Express.Multer.File | undefined>;
  readonly limitBytes: number;
}

export function createUploadReceiver(
  config: Pick<Config, 'IMPORT_MAX_UPLOAD_MB' | 'UPLOAD_DIR'>,
): UploadReceiver {
  const limitBytes = uploadLimitBytes(config);
  const middleware = multer({
    storage: multer.diskStorage({
      destination: config.UPLOAD_DIR,
      // The pid in the name lets a later start remove what a killed process left behind.
      filename: (_req, _file, cb) =>
        cb(null, `${UPLOAD_PREFIX}${process.pid}-${randomBytes(16).toString('hex')}`),
    }),
    limits: {
      fileSize: limitBytes,
      files: 1,
      fields: 4,
      parts: 6,
      fieldNameSize: 100,
      fieldSize: 100,
      headerPairs: 20,
    },
    // Browsers send RFC 7578 file names as raw UTF-8; latin1 would garble every accented name.
    defParamCharset: 'utf8',
    fileFilter: (_req, file, cb) => {
      const name = cleanUploadName(file.originalname);
      const extension = extname(name).toLowerCase();
      if (ACCEPTED_EXTENSIONS.has(extension)) {
        cb(null, true);
        return;
      }
      cb(
        new UploadRejected(
          400,
          'unsupported_type',
          `Only .xlsx and .xls files can be imported; "${quoteFromFile(name)}" is ${extension ? `a ${quoteFromFile(extension, 12)} file` : 'a file without an extension'}.`,
        ),
      );
    },
  }).single(UPLOAD_FIELD);

  return {
    limitBytes,
    receive(req, res) {
      return new Promise((resolve, reject) => {
        middleware(req, res, (error: unknown) => {
          if (error === undefined || error === null) resolve(req.file);
          else reject(clientGone(req, res) ? error : toUploadRejected(error, limitBytes));
        });
      });
    },
  };
}

function toUploadRejected(error: unknown, limitBytes: number): unknown {
  if (error instanceof UploadRejected) return error;
  if (error instanceof multer.MulterError) {
    const field = quoteFromFile(error.field ?? '', 40);
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new UploadRejected(413, 'file_too_large', tooLargeMessage(limitBytes));
      case 'LIMIT_FILE_COUNT':
        return new UploadRejected(400, 'bad_upload', 'Send one file per request.');
      case 'LIMIT_UNEXPECTED_FILE':
        return new UploadRejected(
          400,
          'bad_upload',
          error.field === UPLOAD_FIELD
            ? 'Send one file per request.'
            : `Unexpected file field "${field}": send the spreadsheet in the field "${UPLOAD_FIELD}".`,
        );
      default:
        return new UploadRejected(
          400,
          'bad_upload',
          `The upload form is not as expected (${error.message.toLowerCase()}): send one file in the field "${UPLOAD_FIELD}" and at most the fields update and dryRun.`,
        );
    }
  }
  // Disk problems (ENOSPC, EACCES…) are ours; anything else came from parsing the client's body.
  if ((error as NodeJS.ErrnoException).syscall !== undefined) {
    return new UploadRejected(500, 'upload_failed', 'The upload could not be stored on the server.');
  }
  return new UploadRejected(400, 'bad_upload', 'The request is not a valid multipart/form-data upload.');
}

/** Removes uploads that a killed process left in the folder: files of processes that no longer
 *  exist, and files of our own pid older than this process (a restarted container reuses pids). */
export function sweepStaleUploads(dir: string): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  const startedAt = Date.now() - process.uptime() * 1000;
  let removed = 0;
  for (const name of names) {
    const match = UPLOAD_NAME.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    const path = join(dir, name);
    try {
      const stale = pid === process.pid ? statSync(path).mtimeMs < startedAt : !processAlive(pid);
      if (stale) {
        rmSync(path, { force: true });
        removed++;
      }
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
  return removed;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
