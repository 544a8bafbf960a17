// Add Your Business (/add-business): the form, or after a successful post (?submitted=1) the
// thank-you view. Never kept by the page cache (its route is noCache): a refused post renders it with
// what the visitor typed. The state of such a post arrives in the query cache (see server/http/submissions).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link.tsx';
import {
  ADD_BUSINESS_FORM_STATE_KEY,
  ADD_BUSINESS_PATH,
  type AddBusinessFormState,
} from '../../../server/contract/business-submission.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { AddBusinessForm } from './add-business-form.tsx';

const DESCRIPTION =
  'List your business in the directory for free: name, address, phone, website and opening hours. New listings are reviewed before they appear on the site.';

export function AddBusinessPage() {
  const [searchParams] = useSearchParams();
  const submitted = searchParams.get('submitted') === '1';
  const queryClient = useQueryClient();
  // Read once: the server put it there for this render only.
  const [initial, setInitial] = useState(() =>
    queryClient.getQueryData<AddBusinessFormState>(ADD_BUSINESS_FORM_STATE_KEY),
  );
  useEffect(() => {
    // Gone once read, so that coming back to the page later shows a fresh form.
    queryClient.removeQueries({ queryKey: ADD_BUSINESS_FORM_STATE_KEY, exact: true });
  }, [queryClient]);
  useEffect(() => {
    // Once a listing went through, "Add another business" starts from an empty form.
    if (submitted) setInitial(undefined);
  }, [submitted]);
  const [hasErrors, setHasErrors] = useState(
    initial !== undefined && (Object.keys(initial.errors).length > 0 || initial.formError !== undefined),
  );
  const onErrorsChange = useCallback((value: boolean) => setHasErrors(value), []);

  return (
    <main id="main" className="container addbiz">
      <PageMeta
        title={submitted ? 'Thank You – Listing Submitted' : `${hasErrors ? 'Error: ' : ''}Add Your Business`}
        description={DESCRIPTION}
        canonicalPath={ADD_BUSINESS_PATH}
        noindex={submitted}
      />
      <div className="addbiz-header">
        <h1>Add Your Business</h1>
        {!submitted && (
          <p className="addbiz-intro">
            List your business for free. Tell us where customers find you and how they reach you. We review
            every listing before it appears on the site.
          </p>
        )}
      </div>
      {submitted ? <ThankYou /> : <AddBusinessForm initial={initial} onErrorsChange={onErrorsChange} />}
    </main>
  );
}

function ThankYou() {
  return (
    <section className="addbiz-thanks" aria-labelledby="addbiz-thanks-title">
      <h2 id="addbiz-thanks-title">Thank you! Your listing has been received</h2>
      <p>
        It is <strong>pending review</strong>: your business is not listed yet. It appears on the site once we
        have reviewed it. We may write to you at the e-mail address you gave if we have a question.
      </p>
      <p className="addbiz-thanks__links">
        <AppLink to={ADD_BUSINESS_PATH} className="btn btn--outline">
          Add another business
        </AppLink>
        <AppLink to="/" className="btn btn--primary">
          Back to Home
        </AppLink>
      </p>
    </section>
  );
}
