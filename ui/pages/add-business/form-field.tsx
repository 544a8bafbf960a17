// One labelled text input of the form: visible label with its required marker, an optional hint,
// and the error (if any) between them and the input, all tied to the input by aria-describedby.
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';

export interface FormFieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  defaultValue?: string;
  maxLength: number;
  type?: HTMLInputTypeAttribute;
  autoComplete: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'tel' | 'email' | 'url';
  /** Id of a <datalist> of suggestions. */
  list?: string;
  /** Narrow fields (postal code, hours) do not stretch across the form. */
  width?: 'full' | 'short';
}

export const fieldId = (name: string): string => `addbiz-${name}`;

export function FormField({
  name,
  label,
  required = false,
  hint,
  error,
  defaultValue,
  maxLength,
  type = 'text',
  autoComplete,
  inputMode,
  list,
  width = 'full',
}: FormFieldProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`addbiz-field${error ? ' addbiz-field--error' : ''}`}>
      <label className="addbiz-label" htmlFor={id}>
        {label}
        {required && (
          <span className="addbiz-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="addbiz-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="addbiz-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        id={id}
        name={name}
        className={`addbiz-input addbiz-input--${width}`}
        type={type}
        defaultValue={defaultValue}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        list={list}
        spellCheck={type === 'text' ? undefined : false}
      />
    </div>
  );
}
