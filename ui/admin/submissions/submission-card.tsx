// One held submission: everything that was sent (as it will be published), when, from which page and
// the owner's e-mail, with Approve (and "Mark as Verified") and Reject. Every value is the visitor's
// text: React escapes it, and the only links are the checked http(s) website, a mailto: and a path
// of this site.
import { type ReactNode, useId, useState } from 'react';
import type { HeldSubmission } from '../../../server/contract/submission-queue.ts';
import { messages } from '../messages/catalog.ts';

const t = messages.submissions;
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface SubmissionCardProps {
  submission: HeldSubmission;
  busy: boolean;
  onApprove(verified: boolean): void;
  onReject(): void;
}

export function SubmissionCard({ submission, busy, onApprove, onReject }: SubmissionCardProps) {
  const [verified, setVerified] = useState(false);
  const id = useId();
  const { listing } = submission;
  const place = [listing.address, listing.city, listing.state, listing.zipCode, listing.country]
    .filter((part) => part !== '')
    .join(', ');
  const hours = Object.entries(listing.openingHours);

  return (
    <article className="admin-card admin-submission" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="admin-submission-name">
        {listing.name}
      </h3>
      <dl className="admin-submission-fields">
        <Field label={t.sent}>
          <time dateTime={submission.submittedAt}>{formatTime(submission.submittedAt)}</time>
        </Field>
        <Field label={t.fromPage}>
          {submission.sourcePage ? (
            <a href={submission.sourcePage} className="admin-url">
              {submission.sourcePage}
            </a>
          ) : (
            t.unknownPage
          )}
        </Field>
        <Field label={t.ownerEmail}>
          <a href={`mailto:${submission.ownerEmail}`}>{submission.ownerEmail}</a>
        </Field>
        <Field label={t.fields.category}>{listing.category}</Field>
        <Field label={t.fields.address}>{place}</Field>
        <Field label={t.fields.phone}>
          {listing.phone
            ? `${listing.phone}${listing.phoneInternational && listing.phoneInternational !== listing.phone ? ` (${listing.phoneInternational})` : ''}`
            : t.none}
        </Field>
        <Field label={t.fields.website}>
          {listing.website ? (
            // Unreviewed: no referrer, no ranking passed, in a new tab.
            <a
              href={listing.website}
              className="admin-url"
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
            >
              {listing.website}
            </a>
          ) : (
            t.none
          )}
        </Field>
        <Field label={t.fields.timeZone}>{listing.timeZone ?? t.none}</Field>
        <Field label={t.fields.openingHours}>
          {hours.length === 0 ? (
            t.none
          ) : (
            <ul className="admin-submission-hours">
              {hours.map(([day, text]) => (
                <li key={day}>
                  {day}: {text}
                </li>
              ))}
            </ul>
          )}
        </Field>
        <Field label={t.fields.reference}>
          <span className="admin-small">{submission.reference}</span>
        </Field>
      </dl>
      <div className="admin-submission-actions">
        <div className="admin-checkbox">
          <input
            id={`${id}-verified`}
            type="checkbox"
            checked={verified}
            disabled={busy}
            onChange={(event) => setVerified(event.target.checked)}
          />
          <label htmlFor={`${id}-verified`}>{t.markVerified}</label>
        </div>
        <button
          type="button"
          className="admin-button admin-button-primary"
          aria-label={t.approveLabel(listing.name)}
          disabled={busy}
          onClick={() => onApprove(verified)}
        >
          {t.approve}
        </button>
        <button
          type="button"
          className="admin-button admin-button-danger"
          aria-label={t.rejectLabel(listing.name)}
          disabled={busy}
          onClick={onReject}
        >
          {t.reject}
        </button>
      </div>
    </article>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}
