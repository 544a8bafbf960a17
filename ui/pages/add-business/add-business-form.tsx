// The "Add Your Business" form. Without JavaScript it is a plain HTML form posted to /add-business
// (the server answers with the thank-you view, or this form again with the values and errors).
// Once hydrated it posts the same fields as JSON and reports the result with a toast. Validation is
// the server's only (noValidate): one set of rules and messages, shown the same way in both cases.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink } from '../../components/app-link.tsx';
import {
  ADD_BUSINESS_PATH,
  type AddBusinessFormState,
  HONEYPOT_FIELD,
  HOURS_FIELDS,
  SOURCE_PAGE_FIELD,
  SUBMISSION_ACCEPTED_MESSAGE,
  SUBMISSION_FIELDS,
  SUBMISSION_LIMITS,
  type SubmissionFieldErrors,
  SUBMITTED_PATH,
} from '../../../server/contract/business-submission.ts';
import { WEEKDAYS } from '../../../server/contract/hours.ts';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { CATEGORY_SUGGESTIONS } from './category-suggestions.ts';
import { ErrorSummary } from './error-summary.tsx';
import { FormField } from './form-field.tsx';
import { postSubmission } from './post-submission.ts';

const DAY_LABELS = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
} as const;

export interface AddBusinessFormProps {
  /** The state of a refused post, rendered by the server; undefined for a fresh form. */
  initial: AddBusinessFormState | undefined;
  /** Tells the page whether errors are shown (its title starts with "Error:" then). */
  onErrorsChange: (hasErrors: boolean) => void;
}

export function AddBusinessForm({ initial, onErrorsChange }: AddBusinessFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<SubmissionFieldErrors>(initial?.errors ?? {});
  const [formError, setFormError] = useState(initial?.formError);
  const [pending, setPending] = useState(false);
  // Focus moves to the summary when it appears: at load after a refused post, after each refusal.
  const [focusSummary, setFocusSummary] = useState(
    initial !== undefined && (Object.keys(initial.errors).length > 0 || initial.formError !== undefined),
  );
  const summaryRef = useRef<HTMLDivElement>(null);
  const values = initial?.values ?? {};
  const sourcePage = useSourcePage();

  useEffect(() => {
    if (!focusSummary) return;
    summaryRef.current?.focus();
    setFocusSummary(false);
  }, [focusSummary]);

  const hasErrors = Object.keys(errors).length > 0 || formError !== undefined;
  useEffect(() => onErrorsChange(hasErrors), [hasErrors, onErrorsChange]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') fields[name] = value;
    }
    setPending(true);
    const result = await postSubmission(fields);
    setPending(false);
    if (result.kind === 'accepted') {
      toast({
        title: 'Listing submitted',
        description: result.message || SUBMISSION_ACCEPTED_MESSAGE,
        variant: 'success',
      });
      navigate(SUBMITTED_PATH);
      return;
    }
    setErrors(result.kind === 'invalid' ? result.fields : {});
    setFormError(result.kind === 'retry-later' ? result.message : undefined);
    setFocusSummary(result.kind === 'invalid' || result.kind === 'retry-later');
    toast({
      title: result.kind === 'invalid' ? 'Please check the form' : 'Submission failed',
      description: result.message,
      variant: 'destructive',
    });
  }

  const field = (name: keyof typeof SUBMISSION_LIMITS & keyof SubmissionFieldErrors) => ({
    name,
    error: errors[name],
    defaultValue: values[name],
    maxLength: SUBMISSION_LIMITS[name],
  });

  return (
    <form
      className="addbiz-form"
      method="post"
      action={ADD_BUSINESS_PATH}
      noValidate
      onSubmit={onSubmit}
      aria-describedby="addbiz-required-note"
    >
      <ErrorSummary ref={summaryRef} errors={errors} order={SUBMISSION_FIELDS} formError={formError} />
      <p id="addbiz-required-note" className="addbiz-note">
        Fields marked with <span aria-hidden="true">*</span>
        <span className="visually-hidden">an asterisk</span> are required.
      </p>

      <fieldset className="addbiz-fieldset">
        <legend className="addbiz-legend">Your business</legend>
        <FormField {...field('name')} label="Business name" required autoComplete="organization" />
        <FormField
          {...field('category')}
          label="Category"
          required
          hint="What the business does, for example Restaurant, Dentist or Plumber."
          autoComplete="off"
          list="addbiz-categories"
        />
        <datalist id="addbiz-categories">
          {CATEGORY_SUGGESTIONS.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <FormField
          {...field('phone')}
          label="Phone number"
          hint="With the area code, for example (312) 555-0100 or +44 20 7946 0958."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
        <FormField
          {...field('website')}
          label="Website"
          hint="For example www.example.com."
          type="url"
          autoComplete="url"
          inputMode="url"
        />
      </fieldset>

      <fieldset className="addbiz-fieldset">
        <legend className="addbiz-legend">Address</legend>
        <FormField {...field('address')} label="Street address" required autoComplete="address-line1" />
        <FormField {...field('city')} label="City" required autoComplete="address-level2" />
        <FormField {...field('state')} label="State, county or region" autoComplete="address-level1" />
        <FormField {...field('postalCode')} label="Postal code" autoComplete="postal-code" width="short" />
        <FormField
          {...field('country')}
          label="Country"
          required
          hint="In English, for example United States or United Kingdom."
          autoComplete="country-name"
        />
      </fieldset>

      <fieldset className="addbiz-fieldset" aria-describedby="addbiz-hours-hint">
        <legend className="addbiz-legend">Opening hours</legend>
        <p id="addbiz-hours-hint" className="addbiz-hint">
          For example 9:00–17:00, 9AM–5PM, 9AM–12PM, 1PM–5PM or Closed. Leave a day empty if you are not sure.
        </p>
        <div className="addbiz-hours">
          {WEEKDAYS.map((day) => {
            const name = HOURS_FIELDS[day];
            return (
              <FormField
                key={day}
                name={name}
                label={DAY_LABELS[day]}
                error={errors[name]}
                defaultValue={values[name]}
                maxLength={SUBMISSION_LIMITS.hours}
                autoComplete="off"
              />
            );
          })}
        </div>
      </fieldset>

      <fieldset className="addbiz-fieldset">
        <legend className="addbiz-legend">Your contact details</legend>
        <FormField
          {...field('ownerEmail')}
          label="Your e-mail address"
          required
          hint="We use it only to ask about this listing. It is not shown on the site."
          type="email"
          autoComplete="email"
          inputMode="email"
        />
      </fieldset>

      {/* Where the form was sent from, for the administrator who reviews it (the server checks it). */}
      <input type="hidden" name={SOURCE_PAGE_FIELD} value={sourcePage} readOnly />

      {/* The spam trap: off-screen and out of the tab order; people never fill it in, robots do. */}
      <div className="addbiz-trap">
        <label htmlFor="addbiz-fax">Leave this field empty</label>
        <input
          id="addbiz-fax"
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <p className="addbiz-terms">
        By submitting, you confirm that the details are accurate and that you may list this business (see our{' '}
        <AppLink to="/terms-of-service">Terms of Service</AppLink>).
      </p>
      <div className="addbiz-actions">
        <button type="submit" className="btn btn--primary addbiz-submit" aria-disabled={pending || undefined}>
          {pending ? 'Submitting…' : 'Submit listing'}
        </button>
      </div>
    </form>
  );
}

/** The page the submission comes from: the page the visitor came from when the browser tells (a
 *  same-site referrer, on the first page of the visit only: later in-app moves do not change it),
 *  else the form's own page. Rendered by the server with the form's page, so hydration agrees. */
function useSourcePage(): string {
  const location = useLocation();
  const [sourcePage, setSourcePage] = useState(`${location.pathname}${location.search}`);
  const firstPage = location.key === 'default';
  useEffect(() => {
    if (!firstPage || document.referrer === '') return;
    try {
      const referrer = new URL(document.referrer);
      if (referrer.origin === window.location.origin) setSourcePage(`${referrer.pathname}${referrer.search}`);
    } catch {
      // Not an address: the form's own page stays.
    }
  }, [firstPage]);
  return sourcePage;
}
