import { type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'email' | 'tel' | 'text' | 'numeric' | 'decimal';
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

/** A labelled native select (its options as children), in the same style as FormField. */
export function SelectField({
  label,
  id: givenId,
  name,
  value,
  onValue,
  error,
  children,
}: {
  label: string;
  /** A fixed id; a generated one by default. */
  id?: string;
  name?: string;
  value: string | number;
  onValue: (value: string) => void;
  error?: string | undefined;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="select" value={value} onChange={(e) => onValue(e.target.value)}>
        {children}
      </select>
      {error ? <p className="field__error">{error}</p> : null}
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
  // The whole row is the label, so the tap target is the row, not the 20 px box.
  return (
    <label className="check-field">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
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
