import { dashboardLabels } from '@animata/contracts';
import { Link, useNavigate, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';

/**
 * A dialog of the dashboard whose open state is the address (`?dialog=…`): rendered open when
 * the address names it. With JavaScript it is a modal `<dialog>` (focus kept inside, Escape
 * closes it by going back to the address without the dialog, and focus returns to whatever
 * opened it); without, the page shows it as an open dialog whose Cancel is a link.
 */
export function DashboardDialog({
  title,
  closeTo,
  children,
  className = '',
}: {
  title: string;
  /** The address without the dialog. */
  closeTo: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Closing is a navigation to the address without the dialog. It waits until no other
  // navigation or revalidation (a live update) is under way, as starting it then would abort
  // that one; the dialog itself closes at once. Escape may arrive as both a key and the
  // dialog's cancel: one request.
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [closeRequested, setCloseRequested] = useState(false);
  const navigated = useRef(false);
  const close = () => {
    ref.current?.close();
    setCloseRequested(true);
  };
  useEffect(() => {
    if (!closeRequested || navigated.current) return;
    if (navigation.state !== 'idle' || revalidator.state !== 'idle') return;
    navigated.current = true;
    navigate(closeTo, { replace: true, preventScrollReset: true });
  }, [closeRequested, navigation.state, revalidator.state, navigate, closeTo]);
  // Whatever had focus as it opened (the link or button that opened it) gets it back; read at
  // the first render, before the menu that held the link closes and the focus falls away.
  const [opener] = useState<HTMLElement | null>(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return undefined;
    if (!dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    return () => {
      if (!opener || !opener.isConnected || opener === document.body) return;
      // An entry of a menu that has closed meanwhile: its menu button takes the focus.
      const menu = opener.closest('details:not([open])')?.querySelector('summary');
      (menu instanceof HTMLElement ? menu : opener).focus();
    };
  }, [hydrated, opener]);

  return (
    <dialog
      ref={ref}
      className={`dashboard-dialog ${className}`}
      aria-labelledby={titleId}
      open={!hydrated ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here (Chrome may skip the cancel event without a recent gesture); the
        // snackbar must not take this Escape as well.
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <h2 id={titleId} className="dashboard-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** The dialog's Cancel: a link back to the address without it (works without JavaScript). */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} className="button button--ghost" replace preventScrollReset>
      {dashboardLabels.cancel}
    </Link>
  );
}
