import { accountTexts, pagePaths } from '@animata/contracts';
import { Form, Link, type useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { SubmitButton } from '../ui/submit-button.js';

/** Remix's Form, or a fetcher's (whose newer posts abort the older ones). */
type FormLike = typeof Form | ReturnType<typeof useFetcher>['Form'];

/**
 * A question before a step that is hard to undo (§4.1: unsubscribing, removing the avatar).
 * With JavaScript it is a modal `<dialog>` (focus kept inside, Escape closes it); without, the
 * page opens it from the address (`?confirm=…`) as an open dialog whose Cancel is a link back.
 * Confirming posts `intent` and `fields` to the page's action (the account page's by default).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  intent,
  fields = {},
  danger = false,
  onClose,
  onConfirm,
  as: FormComponent = Form,
  action = pagePaths.account,
  cancelTo = action,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  intent: string;
  fields?: Record<string, string>;
  danger?: boolean;
  onClose: () => void;
  /** Called as the confirmation is posted (a dialog opened by JavaScript closes itself). */
  onConfirm?: () => void;
  /** The form to post with: a fetcher's, when newer posts must abort older ones. */
  as?: FormLike;
  /** The page whose action takes the confirmation (the account page unless given). */
  action?: string;
  /** Where Cancel leads without JavaScript (`action` unless given): the page without its `?confirm=`. */
  cancelTo?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.matches(':modal')) {
      // Opened by the server's HTML (no JavaScript yet): reopen it as a modal.
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      // Before hydration the server's HTML shows it as a plain open dialog.
      open={!hydrated && open ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here, not left to the browser's cancel (which Chrome may skip without a
        // recent user gesture); the snackbar must not take this Escape as well.
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div className="confirm-dialog__text">{children}</div>
      <FormComponent
        method="post"
        action={action}
        preventScrollReset
        className="confirm-dialog__buttons"
        onSubmit={onConfirm}
      >
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          to={cancelTo}
          className="button button--ghost"
          preventScrollReset
          replace
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
        >
          {accountTexts.cancel}
        </Link>
        <SubmitButton variant={danger ? 'danger' : 'primary'} autoFocus>
          {confirmLabel}
        </SubmitButton>
      </FormComponent>
    </dialog>
  );
}
