// The moderation queue of "Add Your Business" as the admin API answers it (decision 0022):
//   GET  /api/admin/submissions?limit=&offset=   HeldSubmissionPage, newest first
//   GET  /api/admin/submissions/count            HeldSubmissionCount
//   POST /api/admin/submissions/:id/approve      {verified: boolean}  → ApprovedSubmission
//   POST /api/admin/submissions/:id/reject       {reason: string}     → RejectedSubmission
// A held submission is in no public answer; plain values only (part of the browser bundle).

export const SUBMISSIONS_PAGE_SIZE = 20;
export const SUBMISSIONS_MAX_PAGE_SIZE = 100;
/** Longest rejection reason accepted (characters, after trimming). */
export const REJECT_REASON_MAX = 500;

/** The listing as it will be published: the normalised values, as an import would store them. */
export interface HeldListing {
  name: string;
  category: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  countryCode: string | null;
  phone: string | null;
  phoneInternational: string | null;
  website: string | null;
  timeZone: string | null;
  /** Display text per day name ("Monday": "7:00 AM – 3:00 PM"), as a business's openingHours. */
  openingHours: Record<string, string>;
}

export interface HeldSubmission {
  /** The queue's id: the one the approve and reject calls take. Never given again. */
  id: number;
  /** The reference the visitor was given ({id} of the 201 answer). */
  reference: string;
  /** ISO 8601 UTC. */
  submittedAt: string;
  /** The site path the form was sent from; null when unknown. */
  sourcePage: string | null;
  /** Kept for the administrator, never shown on the site. */
  ownerEmail: string;
  listing: HeldListing;
}

export interface HeldSubmissionPage {
  submissions: HeldSubmission[];
  totalCount: number;
  totalPages: number;
}

export interface HeldSubmissionCount {
  held: number;
}

export interface ApprovedSubmission {
  message: string;
  business: { id: number; slug: string; name: string; isVerified: boolean };
}

export interface RejectedSubmission {
  message: string;
}
