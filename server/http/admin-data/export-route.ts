// GET /api/admin/export?country=: every business, or one country's, streamed as an .xlsx download.
// Rows are read a page at a time as the client takes them; if the client goes away, the writer
// fails and reading stops.
import type { Router } from 'express';
import { exportBusinessesFrom, exportFileName } from '../../domain/export/export-businesses.ts';
import { recordExport } from '../../domain/export/record-export.ts';
import { currentAdmin, requireAdmin } from '../admin-auth/routes.ts';
import { type AdminDataContext, actorOf } from './context.ts';
import { sendError } from './errors.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_COUNTRY_LENGTH = 200;

/** How a stream reports that the client hung up (the response closed before it was finished). */
const HANG_UP_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'EPIPE', 'ECONNRESET']);

export function registerExportRoute(router: Router, { database, logger }: AdminDataContext): void {
  router.get('/api/admin/export', requireAdmin, async (req, res) => {
    const admin = currentAdmin(req)!;
    const raw = req.query.country;
    if (raw !== undefined && typeof raw !== 'string') {
      sendError(res, 400, 'invalid_parameter', 'Give country once, as text.', { parameter: 'country' });
      return;
    }
    const trimmed = raw?.trim() ?? '';
    if (trimmed.length > MAX_COUNTRY_LENGTH) {
      sendError(res, 400, 'invalid_parameter', `country is longer than ${MAX_COUNTRY_LENGTH} characters.`, {
        parameter: 'country',
      });
      return;
    }
    // An empty country (the panel's "all countries") exports everything.
    const country = trimmed === '' ? undefined : trimmed;
    const now = new Date();
    const fileName = exportFileName(country, now);
    res.status(200);
    res.set({
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      const result = await exportBusinessesFrom(database.store, { country, now }, res);
      await recordExport(database.store, {
        actor: actorOf(admin.username),
        country,
        rows: result.rows,
        destination: { download: fileName },
      });
      logger.info({ fileName, rows: result.rows }, 'export finished');
    } catch (error) {
      // The writer has destroyed the response: the client sees a broken download, not a short file.
      if (HANG_UP_CODES.has((error as NodeJS.ErrnoException).code ?? '')) {
        logger.info({ fileName, reason: (error as Error).message }, 'export abandoned by the client');
        return;
      }
      throw error;
    }
  });
}
