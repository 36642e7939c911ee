import { authTexts, passwordRequirementStates } from '@animata/contracts';
import { useId, useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { useFieldState } from './field-state.js';

interface PasswordFieldProps {
  name?: string;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
  /** The form's own (live) error. */
  error?: string | undefined;
  /** The server's error for this field: it replaces `error` until the field is edited. */
  serverError?: string | undefined;
  hint?: string;
  /**
   * Show the live requirements list: always, from the first focus (or a value) on, or never.
   * Once shown it stays, so the buttons below never move under a click that blurs the field.
   */
  requirements?: 'always' | 'focus' | 'never';
  /** Every value of the field, including what it held when the page hydrated. */
  onValueChange?: (value: string) => void;
  autoFocus?: boolean;
  minLength?: number;
  maxLength?: number;
}

/**
 * A password input with a show/hide toggle and the live requirements list. Without JavaScript
 * it is a plain password field; the toggle and the list need JavaScript and appear with it.
 *
 * It is of type password from the first byte of HTML and turns to text only while the visitor
 * has pressed Show (account-and-auth §2.3 asks the login field to be hidden within a second of
 * the screen appearing: it is hidden from the start). Uncontrolled, so a password typed or
 * autofilled before hydration stays (useFieldState).
 */
export function PasswordField({
  name = 'password',
  label = authTexts.password,
  autoComplete,
  error,
  serverError,
  hint,
  requirements = 'never',
  onValueChange,
  autoFocus,
  minLength,
  maxLength,
}: PasswordFieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [value, setValue] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [listOpened, setListOpened] = useState(false);
  const field = useFieldState({
    serverError,
    error,
    onValueChange: (next) => {
      setValue(next);
      onValueChange?.(next);
    },
  });
  const shown = field.shownError;

  const states = passwordRequirementStates(value);
  const showList =
    hydrated &&
    (requirements === 'always' || (requirements === 'focus' && (listOpened || value !== '')));
  const describedBy = [
    shown ? `${id}-error` : null,
    hint ? `${id}-hint` : null,
    showList ? `${id}-requirements` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`field${shown ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control field__control--with-action">
        <input
          ref={field.ref}
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
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy || undefined}
          onFocus={() => setListOpened(true)}
          onChange={(event) => field.edited(event.target.value)}
        />
        {hydrated ? (
          <button
            type="button"
            className="field__action"
            // The visible text stays short; the name says what it shows (WCAG 2.5.3: it
            // starts with the visible text).
            aria-label={revealed ? authTexts.hidePassword : authTexts.showPassword}
            aria-controls={id}
            onClick={() => setRevealed((on) => !on)}
          >
            {revealed ? authTexts.hide : authTexts.show}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
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
