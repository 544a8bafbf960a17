// The edit form for every public field of a business, in a modal dialog. The server checks each
// change as the import would; a refused field is named in the answer and shown next to its control.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { Business } from '../../../server/contract/business.ts';
import { AdminApiError, adminApi } from '../api/admin-api.ts';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { messages } from '../messages/catalog.ts';
import {
  type BusinessFormValues,
  changesOf,
  controlOfField,
  DAYS,
  type FormProblem,
  formValuesOf,
} from './business-form.ts';

const t = messages.editor;

export interface EditBusinessDialogProps {
  business: Business;
  onClose(): void;
  onSaved(business: Business | null): void;
  /** A failure that is not about a field (401, 404, network): the owner reports it. */
  onFailed(error: unknown): void;
}

export function EditBusinessDialog({ business, onClose, onSaved, onFailed }: EditBusinessDialogProps) {
  const [values, setValues] = useState<BusinessFormValues>(() => formValuesOf(business));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const idBase = useId();
  const controlId = (control: string) => `${idBase}-${control.replace('.', '-')}`;
  const errorId = `${idBase}-error`;

  const focusControl = (control: string) => {
    // After React has rendered the message next to it.
    requestAnimationFrame(() => document.getElementById(controlId(control))?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = changesOf(business, values);
    if ('problem' in result) {
      setProblem(result.problem);
      focusControl(result.problem.field);
      return;
    }
    if (Object.keys(result.changes).length === 0) {
      onSaved(null);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await adminApi.updateBusiness(business.id, result.changes));
    } catch (error) {
      setBusy(false);
      if (error instanceof AdminApiError && error.status === 400) {
        const control = controlOfField(error.field, error.serverMessage);
        setProblem({ field: control ?? '', message: error.serverMessage ?? error.message });
        if (control) focusControl(control);
        return;
      }
      onFailed(error);
    }
  }

  const set = <K extends keyof BusinessFormValues>(key: K, value: BusinessFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  /** The props that tie a control to its label and, when refused, to the message. */
  const a11y = (control: string) => {
    const invalid = problem?.field === control;
    return {
      id: controlId(control),
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? errorId : undefined,
    };
  };
  const fieldError = (control: string): ReactNode =>
    problem?.field === control ? (
      <p className="admin-field-error" id={errorId}>
        {problem.message}
      </p>
    ) : null;

  const textInput = (
    field:
      | 'name'
      | 'category'
      | 'address'
      | 'city'
      | 'state'
      | 'country'
      | 'zipCode'
      | 'phone'
      | 'email'
      | 'website',
    options: {
      type?: string;
      autoComplete?: string;
      required?: boolean;
      inputMode?: 'tel' | 'email' | 'url';
    } = {},
  ) => (
    <div className="admin-field">
      <label htmlFor={controlId(field)}>{t.fields[field]}</label>
      <input
        {...a11y(field)}
        type={options.type ?? 'text'}
        // Browsers must not offer the administrator's own address book here.
        autoComplete="off"
        inputMode={options.inputMode}
        required={options.required}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <ModalDialog
      role="dialog"
      title={t.title(business.name)}
      description={<p>{t.description}</p>}
      onClose={() => {
        if (!busy) onClose();
      }}
      className="admin-dialog-wide"
    >
      <form className="admin-edit-form" noValidate onSubmit={submit}>
        {problem && problem.field === '' && (
          <p className="admin-field-error" role="alert">
            {t.errorSummary} {problem.message}
          </p>
        )}
        {problem && problem.field !== '' && (
          <p className="admin-visually-hidden" role="alert">
            {t.errorSummary} {problem.message}
          </p>
        )}
        <div className="admin-form-grid">
          {textInput('name', { required: true })}
          {textInput('category', { required: true })}
          <div className="admin-field admin-field-full">
            <label htmlFor={controlId('description')}>{t.fields.description}</label>
            <textarea
              {...a11y('description')}
              rows={3}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
            />
            {fieldError('description')}
          </div>
          {textInput('address')}
          {textInput('city')}
          {textInput('state')}
          {textInput('country')}
          {textInput('zipCode')}
          {textInput('phone', { type: 'tel', inputMode: 'tel' })}
          {textInput('email', { type: 'email', inputMode: 'email' })}
          {textInput('website', { type: 'url', inputMode: 'url' })}
          {(['rating', 'reviewCount', 'latitude', 'longitude'] as const).map((field) => (
            <div className="admin-field" key={field}>
              <label htmlFor={controlId(field)}>{t.fields[field]}</label>
              <input
                {...a11y(field)}
                type="text"
                inputMode={field === 'reviewCount' ? 'numeric' : 'decimal'}
                autoComplete="off"
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
              />
              {fieldError(field)}
            </div>
          ))}
          <div className="admin-field admin-field-full admin-checkbox">
            <input
              {...a11y('isVerified')}
              type="checkbox"
              checked={values.isVerified}
              onChange={(event) => set('isVerified', event.target.checked)}
            />
            <label htmlFor={controlId('isVerified')}>{t.fields.isVerified}</label>
            {fieldError('isVerified')}
          </div>
          <div className="admin-field admin-field-full">
            <label htmlFor={controlId('photos')}>{t.fields.photos}</label>
            <textarea
              {...a11y('photos')}
              rows={3}
              spellCheck={false}
              value={values.photos}
              onChange={(event) => set('photos', event.target.value)}
            />
            {fieldError('photos')}
          </div>
          <fieldset className="admin-field-full admin-hours">
            <legend>{t.fields.openingHours}</legend>
            <p className="admin-muted admin-hint" id={`${idBase}-hours-hint`}>
              {t.hoursHint}
            </p>
            {DAYS.map((day, index) => {
              const control = `hours.${day}`;
              const invalid = problem?.field === control;
              return (
                <div className="admin-field admin-hours-row" key={day}>
                  <label htmlFor={controlId(control)}>{t.days[index]}</label>
                  <input
                    id={controlId(control)}
                    type="text"
                    autoComplete="off"
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={invalid ? errorId : `${idBase}-hours-hint`}
                    value={values.hours[day]}
                    onChange={(event) => set('hours', { ...values.hours, [day]: event.target.value })}
                  />
                  {fieldError(control)}
                </div>
              );
            })}
          </fieldset>
        </div>
        <div className="admin-dialog-actions">
          <button type="button" className="admin-button" onClick={onClose} disabled={busy}>
            {messages.common.cancel}
          </button>
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            {busy ? messages.common.saving : messages.common.save}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
