// "Add Your Business" over HTTP, in its two forms:
//   POST /api/businesses/submissions  JSON in, JSON out (the page, once hydrated, posts here);
//   POST /add-business                the plain HTML form (no JavaScript): 303 to the thank-you view,
//                                     or the form rendered again with its values and errors.
// Both refuse cross-site posts (the admin area's Fetch Metadata / Origin check), limit the body, and
// run the same domain function. Mount before the /api 404 and before the site's pages:
//   app.use(createSubmissionsRouter(deps));
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import type { Logger } from 'pino';
import type { Store } from '../../../db/store/store.ts';
import {
  ADD_BUSINESS_FORM_STATE_KEY,
  ADD_BUSINESS_PATH,
  type AddBusinessFormState,
  SUBMISSION_ACCEPTED_MESSAGE,
  SUBMISSION_ENDPOINT,
  SUBMITTED_PATH,
  type SubmissionAccepted,
  type SubmissionRejected,
} from '../../contract/business-submission.ts';
import { type SubmissionOutcome, submitBusiness } from '../../domain/submissions/submit-business.ts';
import { PAGE_RENDER_LOCAL, type PageRenderOverride } from '../../ssr/page-handler.ts';
import { isCrossSiteRequest } from '../admin-auth/csrf.ts';

export interface SubmissionsDeps {
  /** The database the submissions and their limit are kept in (either dialect). */
  store: Store;
  logger?: Logger;
  /** Unix milliseconds; injected by tests to move through the rate limit's window. */
  now?: () => number;
  /** A fresh reference for each submission (a UUID); injected by tests that compare answers. */
  newReference?: () => string;
}

/** A form of some twenty short fields is a few kB; anything larger is not a listing. */
const BODY_LIMIT = '32kb';

const BUSY_MESSAGE = 'We could not save your listing just now. Please send it again in a few seconds.';

function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have sent several listings in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

function rejected(code: string, message: string, fields?: SubmissionRejected['error']['fields']) {
  const body: SubmissionRejected = { error: { code, message, ...(fields ? { fields } : {}) } };
  return body;
}

const noStore: RequestHandler = (_req, res, next) => {
  // Answers to a post carry what the visitor typed: never kept by a browser or a shared cache.
  res.set('Cache-Control', 'no-store');
  next();
};

export function createSubmissionsRouter(deps: SubmissionsDeps): Router {
  const router = express.Router();
  const submit = (req: Request): Promise<SubmissionOutcome> =>
    submitBusiness(deps.store, req.body, {
      ip: req.ip,
      now: deps.now,
      newReference: deps.newReference,
      referrerPath: referrerPath(req),
    });
  const logOutcome = (req: Request, outcome: SubmissionOutcome) => {
    if (outcome.outcome === 'held') {
      deps.logger?.info(
        { reference: outcome.reference, queueId: outcome.id },
        'business submitted for review',
      );
      // Cleaned, not refused: the audit asks that removing control characters is never silent.
      if (outcome.warnings.length > 0)
        deps.logger?.warn(
          { reference: outcome.reference, queueId: outcome.id, warnings: outcome.warnings },
          'control characters removed from a submission',
        );
    } else if (outcome.outcome === 'dropped')
      deps.logger?.warn({ ip: req.ip, reference: outcome.reference }, 'submission dropped by the spam trap');
    else if (outcome.outcome === 'throttled') deps.logger?.warn({ ip: req.ip }, 'submission rate-limited');
    else if (outcome.outcome === 'busy') deps.logger?.warn('submission refused: the database is busy');
  };

  // ---- JSON -------------------------------------------------------------------------------------
  router.post(
    SUBMISSION_ENDPOINT,
    noStore,
    (req, res, next) => {
      if (!isCrossSiteRequest(req)) return next();
      res.status(403).json(rejected('cross_site', 'Listings can only be submitted from this site.'));
    },
    express.json({ limit: BODY_LIMIT }),
    async (req, res) => {
      const outcome = await submit(req);
      logOutcome(req, outcome);
      switch (outcome.outcome) {
        case 'held':
        case 'dropped': {
          const body: SubmissionAccepted = { message: SUBMISSION_ACCEPTED_MESSAGE, id: outcome.reference };
          res.status(201).json(body);
          return;
        }
        case 'invalid':
          res
            .status(400)
            .json(rejected('invalid_submission', 'Some fields need correcting.', outcome.errors));
          return;
        case 'throttled':
          res.set('Retry-After', String(outcome.retryAfterSeconds));
          res.status(429).json(rejected('too_many_submissions', tooManyMessage(outcome.retryAfterSeconds)));
          return;
        case 'busy':
          res.set('Retry-After', String(outcome.retryAfterSeconds));
          res.status(503).json(rejected('database_busy', BUSY_MESSAGE));
          return;
      }
    },
  );
  const jsonBodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number((error as { status?: unknown }).status);
    if (status === 413) {
      res.status(413).json(rejected('payload_too_large', `The request body is larger than ${BODY_LIMIT}.`));
    } else if ((error as { type?: unknown }).type === 'entity.parse.failed') {
      res.status(400).json(rejected('invalid_json', 'The request body is not valid JSON.'));
    } else next(error);
  };
  router.use(SUBMISSION_ENDPOINT, jsonBodyErrors);

  // ---- the HTML form ----------------------------------------------------------------------------
  router.post(
    ADD_BUSINESS_PATH,
    noStore,
    (req, res, next) => {
      if (!isCrossSiteRequest(req)) return next();
      res.status(403).type('text/plain').send('Listings can only be submitted from this site.');
    },
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 100 }),
    async (req, res, next) => {
      const outcome = await submit(req);
      logOutcome(req, outcome);
      if (outcome.outcome === 'held' || outcome.outcome === 'dropped') {
        // 303: the browser follows with a GET, so a reload does not post the form again.
        res.redirect(303, SUBMITTED_PATH);
        return;
      }
      if (outcome.outcome === 'invalid') {
        renderFormAgain(res, 400, { values: outcome.values, errors: outcome.errors });
      } else {
        res.set('Retry-After', String(outcome.retryAfterSeconds));
        const formError =
          outcome.outcome === 'throttled' ? tooManyMessage(outcome.retryAfterSeconds) : BUSY_MESSAGE;
        renderFormAgain(res, outcome.outcome === 'throttled' ? 429 : 503, {
          values: outcome.values,
          errors: {},
          formError,
        });
      }
      next();
    },
  );
  const formBodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number((error as { status?: unknown }).status);
    if (status === 413) {
      res.status(413).type('text/plain').send('The form sent is too large to be a listing.');
    } else if (status >= 400 && status < 500) {
      res.status(400).type('text/plain').send('The form could not be read.');
    } else next(error);
  };
  router.use(ADD_BUSINESS_PATH, formBodyErrors);
  return router;
}

/** The path of the Referer when it is an address of this site (as the request reached it), else
 *  undefined. The site's Referrer-Policy is no-referrer, so browsers rarely send one; other clients may. */
function referrerPath(req: Request): string | undefined {
  const referer = req.get('referer');
  if (referer === undefined) return undefined;
  try {
    const url = new URL(referer);
    return url.host === req.host ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** Hands the page renderer (next in line) the form's state and the status to answer with. */
function renderFormAgain(res: Response, status: number, state: AddBusinessFormState): void {
  const override: PageRenderOverride = {
    status,
    initialQueries: [{ queryKey: ADD_BUSINESS_FORM_STATE_KEY, data: state }],
  };
  res.locals[PAGE_RENDER_LOCAL] = override;
}
