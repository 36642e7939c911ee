import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface SubmitButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className'
> {
  /** The button style of app.css: primary (default), ghost, link or danger. */
  variant?: 'primary' | 'ghost' | 'link' | 'danger';
  /** Full width of the form. */
  block?: boolean;
  /** The form is being posted: the button is disabled and shows `pendingLabel` when given. */
  pending?: boolean;
  pendingLabel?: ReactNode;
}

/**
 * A form's submit button; without JavaScript it is a plain button that posts the form. Its
 * markup is what the forms wrote by hand: type, name, value, formnovalidate, class, disabled,
 * then anything else (server-rendered HTML is matched in tests).
 */
export function SubmitButton({
  variant = 'primary',
  block = false,
  pending = false,
  pendingLabel,
  name,
  value,
  formNoValidate,
  disabled,
  children,
  ...button
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formNoValidate={formNoValidate}
      className={`button button--${variant}${block ? ' button--block' : ''}`}
      disabled={pending || disabled}
      {...button}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
