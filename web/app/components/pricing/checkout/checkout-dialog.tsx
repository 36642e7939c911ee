import { useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useHydrated } from '../../../utils/use-hydrated.js';

/**
 * The large, persistent dialog of the checkout routes (billing-teams-apps §2). Without
 * JavaScript it is a page section rendered open over the pricing page, its close button a
 * link; with it, a modal `<dialog>`: a click on the backdrop does nothing, the close button and
 * Escape go to `closeTo` ('/', where §2 says closing goes).
 */
export function CheckoutDialog({
  title,
  closeTo,
  children,
  closable = true,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  /** False while a payment is being confirmed: Escape is ignored, no close button. */
  closable?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (!dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
      // The dialog itself takes the focus (not its close button): Tab goes on to the form.
      dialog.focus();
    }
  }, [hydrated]);

  const close = () => {
    if (!closable) return;
    navigate(closeTo, { preventScrollReset: true });
  };

  return (
    <dialog
      ref={ref}
      className="checkout-dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      open={!hydrated ? true : undefined}
      onCancel={(event) => {
        // The two-factor dialog inside handles its own Escape (React passes its cancel up).
        if (event.target !== ref.current) return;
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        if (event.target instanceof Element && event.target.closest('dialog') !== ref.current) {
          return;
        }
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <header className="checkout-dialog__header">
        <h2 id={titleId} className="checkout-dialog__title">
          {title}
        </h2>
        {closable ? (
          <a
            href={closeTo}
            className="checkout-dialog__close"
            aria-label="Close"
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey) return;
              event.preventDefault();
              close();
            }}
          >
            <span aria-hidden="true">×</span>
          </a>
        ) : null}
      </header>
      <div className="checkout-dialog__body">{children}</div>
    </dialog>
  );
}
