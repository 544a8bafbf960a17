// The page's submission once hydrated: the form's fields as JSON to the endpoint, the answer sorted
// into what the page shows. No retries (§9), and any failure ends as a message, never an exception.
import {
  SUBMISSION_ENDPOINT,
  type SubmissionAccepted,
  type SubmissionFieldErrors,
  type SubmissionRejected,
} from '../../../server/contract/business-submission.ts';

export type PostResult =
  | { kind: 'accepted'; message: string }
  | { kind: 'invalid'; message: string; fields: SubmissionFieldErrors }
  /** Too many submissions (429) or the database busy (503): the same form, later. */
  | { kind: 'retry-later'; message: string }
  | { kind: 'failed'; message: string };

export async function postSubmission(values: Record<string, string>): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(SUBMISSION_ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch {
    return { kind: 'failed', message: 'The listing could not be sent. Check your connection and try again.' };
  }
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (response.status === 201) {
    return { kind: 'accepted', message: (body as SubmissionAccepted | undefined)?.message ?? '' };
  }
  const error = (body as SubmissionRejected | undefined)?.error;
  if (response.status === 400 && error?.fields) {
    return { kind: 'invalid', message: error.message, fields: error.fields };
  }
  if ((response.status === 429 || response.status === 503) && error?.message) {
    return { kind: 'retry-later', message: error.message };
  }
  // §8: any other answer is "status: body text" (or the status text when the body is empty).
  return {
    kind: 'failed',
    message: error?.message ?? `${response.status}: ${text || response.statusText}`,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
