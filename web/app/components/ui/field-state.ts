import { useActionData } from '@remix-run/react';
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * What every field of a form shares (account-and-auth §5), in one place for TextField and
 * PasswordField:
 *
 * - The input is uncontrolled: React never writes its value, so what the visitor typed or the
 *   browser autofilled before the page hydrated stays. Once hydrated, the field reports the
 *   value the input really holds (`onValueChange`), so the form's live rules see it too.
 * - A server error ('Server errors per field … replace the local ones and are cleared on
 *   edit') shows until the visitor edits the field. The next answer of the route's action (a
 *   new object, even when its text is the same) shows its error again.
 */
export function useFieldState({
  serverError,
  error,
  defaultValue,
  onValueChange,
}: {
  serverError?: string | undefined;
  error?: string | undefined;
  defaultValue?: string | number | readonly string[] | undefined;
  onValueChange?: ((value: string) => void) | undefined;
}): {
  ref: RefObject<HTMLInputElement>;
  shownError: string | undefined;
  /** Call from the input's onChange. */
  edited(value: string): void;
} {
  const ref = useRef<HTMLInputElement>(null);
  const answer = useActionData();
  /** The answer whose server error the visitor has edited away. */
  const [editedAnswer, setEditedAnswer] = useState<unknown>(undefined);
  const report = useRef(onValueChange);
  report.current = onValueChange;

  // Hydration: what the input holds now is the value (typed or autofilled before React ran).
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (input.value !== String(defaultValue ?? '')) report.current?.(input.value);
    // Only at mount: later values arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    ref,
    shownError:
      (editedAnswer === answer && answer !== undefined ? undefined : serverError) ?? error,
    edited(value) {
      if (serverError) setEditedAnswer(answer);
      report.current?.(value);
    },
  };
}

/**
 * Moves focus to the first field in error of a form (account-and-auth §5): after a submit the
 * form's own rules refused, and after a server answer with field errors.
 *
 * `answer` is the action's data (a new object per answer); `hasFieldErrors` says whether it
 * holds errors for fields of this form.
 */
export function useFocusFirstError(
  answer: unknown,
  hasFieldErrors: boolean,
): { formRef: RefObject<HTMLFormElement>; refused(): void } {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);
  useEffect(() => {
    if (answer && hasFieldErrors) focusFirstInvalid(formRef.current);
    // The answer object changes with every answer; that is the moment to move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return { formRef, refused: () => setRefusals((n) => n + 1) };
}

function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
}
