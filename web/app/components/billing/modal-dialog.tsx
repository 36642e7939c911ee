import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';

/**
 * A dialog that lives in the address (`/billing?confirm=…`): without JavaScript the server's
 * HTML shows it open; with it, it is reopened as a modal (focus inside, the page inert, Escape
 * closes it through `onClose`).
 */
export function ModalDialog({
  open,
  title,
  onClose,
  className = '',
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated]);

  return (
    <dialog
      ref={ref}
      className={`confirm-dialog ${className}`}
      aria-labelledby={titleId}
      open={!hydrated && open ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      {open ? children : null}
    </dialog>
  );
}
