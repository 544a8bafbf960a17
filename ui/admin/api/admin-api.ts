// The admin panel's calls to /api/admin (and the public lists it filters with). Same-origin fetches
// with credentials: the server refuses state-changing calls from other sites (Sec-Fetch-Site/Origin).
import type {
  Business,
  CategorySummary,
  CountryEntry,
  ImportResponse,
  PagedBusinesses,
  SeoResponse,
  SitemapStats,
  Statistics,
} from '../../../server/contract/business.ts';
import type { AdminSort, BulkRequest, BulkResult } from '../../../server/contract/admin-businesses.ts';
import type { MergeStep } from '../../../server/contract/import-progress.ts';
import type {
  ApprovedSubmission,
  HeldSubmissionCount,
  HeldSubmissionPage,
  RejectedSubmission,
} from '../../../server/contract/submission-queue.ts';
import { ApiError } from '../../api/directory-api.ts';

/** A non-OK answer: `message` is the specification's "status: body text"; `serverMessage` the
 *  human sentence of the body ({error: {message}} or {message}), `field` the field at fault. */
export class AdminApiError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly serverMessage: string | undefined,
    readonly field: string | undefined,
  ) {
    super(status, message);
    this.name = 'AdminApiError';
  }
}

export interface ImportPhaseProgress {
  phase: 'checking' | 'parsing' | 'reading' | 'merging' | 'done';
  rowsRead: number;
  rowsWritten: number;
  totalRows: number | null;
  /** Merging phase only (server/domain/import/import-types.ts): the merge's step and how far it is. */
  mergeStep?: MergeStep;
  rowsMerged?: number;
  mergeTotal?: number;
  /** Checkpointing step only: bytes copied into the database file, of checkpointBytes. */
  checkpointBytes?: number;
  bytesCheckpointed?: number;
  /** Compacting step only: pages of the search index written, of indexPages. */
  indexPages?: number;
  pagesCompacted?: number;
}

/** GET /api/admin/import-runs/current (server/http/admin-data/import-runs-route.ts). */
export interface ImportRun {
  id: number;
  fileName: string;
  startedBy: string;
  status: 'running' | 'done' | 'failed' | 'interrupted';
  rowsRead: number;
  imported: number;
  updated: number;
  duplicatesSkipped: number;
  totalErrors: number;
  progress: ImportPhaseProgress | null;
}

/** GET /api/admin/activity (server/http/admin-data/activity-route.ts). */
export interface ActivityItem {
  id: string;
  kind: string;
  at: string;
  actor: string;
  summary: string;
  count: number | null;
  status: string | null;
  runId: number | null;
}

export interface AdminBusinessQuery {
  limit: number;
  offset: number;
  search?: string;
  category?: string;
  country?: string;
  status?: 'verified' | 'pending';
  /** A column order (server/contract/admin-businesses.ts); newest first without one. */
  sort?: AdminSort;
}

/** The fields PATCH /api/admin/businesses/:id accepts. */
export interface BusinessChanges {
  name?: string;
  category?: string;
  description?: string | null;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
  zipCode?: string;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  rating?: number;
  reviewCount?: number;
  isVerified?: boolean;
  photos?: string[];
  latitude?: number | null;
  longitude?: number | null;
  openingHours?: Record<string, string>;
}

/** Reads the error body once: JSON {error: {message, field}} or {message}, or plain text. */
export async function errorFromResponse(response: Response): Promise<AdminApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | undefined;
  let field: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; field?: unknown }; message?: unknown };
    const message = body.error?.message ?? body.message;
    if (typeof message === 'string') serverMessage = message;
    if (typeof body.error?.field === 'string') field = body.error.field;
  } catch {
    // Not JSON (a proxy's error page): the text itself is the message.
    if (text.trim()) serverMessage = text.trim().slice(0, 300);
  }
  return new AdminApiError(
    response.status,
    `${response.status}: ${text || response.statusText}`,
    serverMessage,
    field,
  );
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // §7: a JSON content type only when there is a body.
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(path, { ...init, headers, credentials: 'include' });
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  return (await call(path, init)).json() as Promise<T>;
}

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminApi = {
  /** null when there is no valid session (401). */
  async checkAuth(): Promise<{ username: string } | null> {
    const response = await fetch('/api/admin/check-auth', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) return null;
    if (!response.ok) throw await errorFromResponse(response);
    const body = (await response.json()) as { authenticated: boolean; username?: string };
    return body.authenticated ? { username: body.username ?? '' } : null;
  },

  login: (username: string, password: string) =>
    json<{ success: true }>('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    }),

  logout: () => json<{ success: boolean }>('/api/admin/logout', { method: 'POST' }),

  businesses: (query: AdminBusinessQuery) =>
    json<PagedBusinesses>(
      `/api/admin/businesses${queryString({
        limit: query.limit,
        offset: query.offset,
        search: query.search,
        category: query.category,
        country: query.country,
        status: query.status,
        sort: query.sort?.column,
        order: query.sort?.order,
      })}`,
    ),

  /** Verify, unverify or delete several businesses in one transaction (POST …/businesses/bulk). */
  bulkBusinesses: (request: BulkRequest) =>
    json<BulkResult>('/api/admin/businesses/bulk', { method: 'POST', body: JSON.stringify(request) }),

  updateBusiness: (id: number, changes: BusinessChanges) =>
    json<Business>(`/api/admin/businesses/${id}`, { method: 'PATCH', body: JSON.stringify(changes) }),

  deleteBusiness: (id: number) =>
    json<{ message: string }>(`/api/admin/businesses/${id}`, { method: 'DELETE' }),

  // The public lists are sent with a minute's browser cache; the panel, which has just changed the
  // data, asks the server again every time.
  statistics: () => json<Statistics>('/api/statistics', { cache: 'no-cache' }),
  countries: () => json<CountryEntry[]>('/api/countries', { cache: 'no-cache' }),
  categories: () => json<CategorySummary[]>('/api/categories', { cache: 'no-cache' }),

  activity: (limit = 20) => json<{ items: ActivityItem[] }>(`/api/admin/activity?limit=${limit}`),

  currentImportRun: () => json<{ run: ImportRun | null }>('/api/admin/import-runs/current'),

  generateSeo: () => json<SeoResponse>('/api/admin/generate-seo', { method: 'POST' }),

  deleteAll: () => json<{ message: string; deleted?: number }>('/api/admin/delete-all', { method: 'DELETE' }),

  sitemapStats: () => json<SitemapStats>('/api/admin/sitemap-stats'),

  /** The moderation queue of Add Your Business (server/http/submissions/admin-routes.ts). */
  heldSubmissions: (limit: number, offset: number) =>
    json<HeldSubmissionPage>(`/api/admin/submissions${queryString({ limit, offset })}`),

  heldSubmissionCount: () => json<HeldSubmissionCount>('/api/admin/submissions/count'),

  approveSubmission: (id: number, verified: boolean) =>
    json<ApprovedSubmission>(`/api/admin/submissions/${id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ verified }),
    }),

  rejectSubmission: (id: number, reason: string) =>
    json<RejectedSubmission>(`/api/admin/submissions/${id}/reject`, {
      method: 'POST',
      body: JSON.stringify({ reason }),
    }),

  /** The export as a file: its bytes and the name the server gave it. */
  async exportFile(country: string | undefined): Promise<{ blob: Blob; fileName: string }> {
    const response = await call(`/api/admin/export${queryString({ country })}`, {
      headers: { Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'businesses.xlsx';
    return { blob: await response.blob(), fileName };
  },
};

export type ImportOutcome =
  | { kind: 'done'; report: ImportResponse }
  | { kind: 'refused'; error: AdminApiError }
  | { kind: 'network' };

export interface UploadHandlers {
  onUploadProgress(loaded: number, total: number): void;
  /** Every byte is sent; the server is importing. */
  onUploaded(): void;
}

/** POST /api/admin/import with XMLHttpRequest: fetch cannot report upload progress. One file per call
 *  (§7). Never throws: the outcome says whether the server answered, refused, or could not be reached. */
export function uploadImport(
  file: File,
  updateExisting: boolean,
  handlers: UploadHandlers,
): { done: Promise<ImportOutcome>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ImportOutcome>((resolve) => {
    xhr.open('POST', '/api/admin/import');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) handlers.onUploadProgress(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => handlers.onUploaded());
    xhr.addEventListener('load', () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        response
          .json()
          .then((report: ImportResponse) => resolve({ kind: 'done', report }))
          .catch(() => resolve({ kind: 'network' }));
      } else {
        errorFromResponse(response).then((error) => resolve({ kind: 'refused', error }));
      }
    });
    xhr.addEventListener('error', () => resolve({ kind: 'network' }));
    xhr.addEventListener('abort', () => resolve({ kind: 'network' }));
    xhr.addEventListener('timeout', () => resolve({ kind: 'network' }));
    const form = new FormData();
    // The flag before the file: the server reads fields as they stream in.
    form.append('update', updateExisting ? 'true' : 'false');
    form.append('excelFile', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
