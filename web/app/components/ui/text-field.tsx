import { useId, type InputHTMLAttributes } from 'react';
import { useFieldState } from './field-state.js';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange'
> {
  label: string;
  name: string;
  /** The form's own (live) error. */
  error?: string | undefined;
  /** The server's error for this field: it replaces `error` until the field is edited. */
  serverError?: string | undefined;
  /** Every value of the field, including what it held when the page hydrated. */
  onValueChange?: (value: string) => void;
}

/**
 * A labelled input whose error is announced and tied to it for screen readers. Uncontrolled
 * (see useFieldState): what was typed before hydration stays.
 */
export function TextField({
  label,
  name,
  error,
  serverError,
  onValueChange,
  defaultValue,
  ...input
}: TextFieldProps) {
  const id = useId();
  const field = useFieldState({ serverError, error, defaultValue, onValueChange });
  const shown = field.shownError;
  return (
    <div className={`field${shown ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input
          ref={field.ref}
          id={id}
          name={name}
          defaultValue={defaultValue}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => field.edited(event.target.value)}
          {...input}
        />
      </div>
      {shown ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
