import { type HTMLInputTypeAttribute, useId } from 'react';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'email' | 'tel' | 'text' | 'numeric';
  error?: string | undefined;
  helper?: string;
  /** A multi-line message field. */
  rows?: number;
}

/**
 * A labelled native input in Ionic's outline style. Native elements keep the form components
 * out of the first page's JavaScript and work with browsers' autofill and password managers.
 */
export function FormField({
  label,
  name,
  value,
  onValue,
  type = 'text',
  autoComplete,
  inputMode,
  error,
  helper,
  rows,
}: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const common = {
    id,
    name,
    value,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || helper ? noteId : undefined,
    className: 'field__control',
  } as const;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onValue(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onValue(e.target.value)} />
      )}
      {error ? (
        <p id={noteId} className="field__error">
          {error}
        </p>
      ) : helper ? (
        <p id={noteId} className="field__helper">
          {helper}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="check-field">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}
