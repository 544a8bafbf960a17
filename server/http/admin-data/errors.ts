// The admin data routes' error answers: {error: {code, message}}, never a stack trace.
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';

export function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  res.status(status).json({ error: { code, message, ...extra } });
}

/** Whether the client has hung up, so that nobody can receive an answer. (req.destroyed is no sign:
 *  Node destroys every request stream once its body has been read.) */
export function clientGone(req: Request, res: Response): boolean {
  return res.destroyed || req.socket.destroyed;
}

/** The last word for errors thrown by the admin data routes: logged in full, answered in a line. */
export function adminDataErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      // A download half sent cannot turn into JSON; cutting it shows the client it is incomplete.
      logger.error({ err: error, url: req.originalUrl }, 'admin request failed after the answer began');
      res.destroy();
      return;
    }
    if (clientGone(req, res)) {
      // The client has gone: nobody to answer.
      logger.debug({ err: error, url: req.originalUrl }, 'admin request ended by the client');
      return;
    }
    // The client's mistake (a broken %-escape in a path parameter, say): a warning without a stack.
    const status = Number((error as { status?: unknown } | undefined)?.status);
    if (status >= 400 && status < 500) {
      const message =
        error instanceof URIError
          ? 'The address contains an invalid %-escape.'
          : (error as { expose?: boolean }).expose === true
            ? String((error as Error).message)
            : 'The request could not be read.';
      logger.warn({ url: req.originalUrl, status, message }, 'admin request refused');
      sendError(res, status, 'bad_request', message);
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, 'admin request failed');
    sendError(res, 500, 'internal', 'Something went wrong on our side.');
  };
}
