// The list of problems at the top of the form, each a link to its field, announced and focused when
// it appears (after a refused post, or a refused submission once the page runs JavaScript).
import type { Ref } from 'react';
import type { SubmissionField, SubmissionFieldErrors } from '../../../server/contract/business-submission.ts';
import { fieldId } from './form-field.tsx';

export interface ErrorSummaryProps {
  errors: SubmissionFieldErrors;
  /** In the order the fields appear in the form. */
  order: readonly SubmissionField[];
  /** A problem of the whole form (too many submissions). */
  formError?: string;
  ref?: Ref<HTMLDivElement>;
}

export function ErrorSummary({ errors, order, formError, ref }: ErrorSummaryProps) {
  const listed = order.filter((field) => errors[field] !== undefined);
  if (listed.length === 0 && !formError) return null;
  return (
    <div
      ref={ref}
      className="addbiz-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="addbiz-summary-title"
    >
      <h2 id="addbiz-summary-title" className="addbiz-summary__title">
        There is a problem
      </h2>
      {formError && <p>{formError}</p>}
      {listed.length > 0 && (
        <ul className="addbiz-summary__list">
          {listed.map((field) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`}>{errors[field]}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
