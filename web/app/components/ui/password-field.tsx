import { passwordRequirementStates } from '@animata/contracts';
import { useEffect, useId, useRef, useState } from 'react';

interface PasswordFieldProps {
  name?: string;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  hint?: string;
  /** Show the live requirements list: always, on focus, or never. */
  requirements?: 'always' | 'focus' | 'never';
  /** Login: the field turns to hidden type 1 s after the screen appears (account-and-auth §2.3). */
  hideAfterMs?: number;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  autoFocus?: boolean;
  minLength?: number;
  maxLength?: number;
}

/**
 * A password input with a show/hide toggle and the live requirements list. Without JavaScript
 * it is a plain password field; the toggle and the list need JavaScript and appear with it.
 */
export function PasswordField({
  name = 'password',
  label = 'Password',
  autoComplete,
  error,
  hint,
  requirements = 'never',
  hideAfterMs,
  defaultValue,
  onValueChange,
  autoFocus,
  minLength,
  maxLength,
}: PasswordFieldProps) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? '');
  const [revealed, setRevealed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    setHydrated(true);
    if (hideAfterMs !== undefined && !defaultValue) {
      // Shown as text while the page settles, then hidden; typing hides it at once.
      setRevealed(true);
      timer.current = window.setTimeout(() => setRevealed(false), hideAfterMs);
    }
    return () => window.clearTimeout(timer.current);
  }, [hideAfterMs, defaultValue]);

  const states = passwordRequirementStates(value);
  const showList =
    hydrated &&
    (requirements === 'always' || (requirements === 'focus' && (focused || value !== '')));
  const describedBy = [
    error ? `${id}-error` : null,
    hint ? `${id}-hint` : null,
    showList ? `${id}-requirements` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control field__control--with-action">
        <input
          id={id}
          name={name}
          type={revealed ? 'text' : 'password'}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          required
          autoFocus={autoFocus}
          minLength={minLength}
          maxLength={maxLength}
          value={hydrated ? value : undefined}
          defaultValue={hydrated ? undefined : defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(event) => {
            if (hideAfterMs !== undefined && timer.current !== undefined) {
              window.clearTimeout(timer.current);
              timer.current = undefined;
              setRevealed(false);
            }
            setValue(event.target.value);
            onValueChange?.(event.target.value);
          }}
        />
        {hydrated ? (
          <button
            type="button"
            className="field__action"
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {showList ? (
        <ul
          id={`${id}-requirements`}
          className="requirements"
          aria-label="Password requirements"
          aria-live="polite"
        >
          {states.map((state) => (
            <li
              key={state.id}
              className={
                state.met ? 'requirements__item requirements__item--met' : 'requirements__item'
              }
            >
              <span aria-hidden="true">{state.met ? '✓' : '•'}</span> {state.label}
              <span className="visually-hidden">{state.met ? ' (met)' : ' (not met)'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
