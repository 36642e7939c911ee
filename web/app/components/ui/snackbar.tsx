import { SNACKBAR_CLOSE_LABEL, type Notification } from '@animata/contracts';
import { Link } from '@remix-run/react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type AnimationEvent,
  type CSSProperties,
  type FormEvent,
  type ReactNode,
} from 'react';

/** The CSS animation that hides the snackbar once its timeout has run (see app.css). */
const HIDE_ANIMATION = 'snackbar-hide';

interface Shown {
  /** The notification this state was derived from, to notice a new one. */
  source: Notification | null;
  open: boolean;
  /** Changes with every new notification, so its element (and its timer) starts afresh. */
  key: number;
}

/**
 * Shows the page's one notification in the snackbar stack (SnackbarStack; billing-teams-apps §9:
 * 6000 ms unless the notification says otherwise; 0 keeps it until dismissed).
 *
 * - Hiding after the timeout is one CSS animation delayed by the timeout, so it works without
 *   JavaScript too; with JavaScript the element is removed when that animation ends. Hovering
 *   or focusing the snackbar pauses it (WCAG 2.2.1).
 * - Closing without JavaScript is the platform's: the card is an open non-modal `<dialog>` and
 *   the close button submits a `method="dialog"` form. With JavaScript, the close button and
 *   Escape remove it.
 * - The live regions (status for success and info, alert for error and warning) are always in
 *   the page, so screen readers announce a notification that arrives after a client-side
 *   navigation as well as one present at load.
 */
export function Snackbar({ notification }: { notification: Notification | null }) {
  const [shown, setShown] = useState<Shown>({
    source: notification,
    open: notification !== null,
    key: 0,
  });
  // A new notification from the loader replaces the current one (React's "adjust state when a
  // prop changes" pattern: no effect, no flash of the old one). A later revalidation without
  // one (the cookie is gone by then) leaves the current one to finish its time.
  if (notification !== null && notification !== shown.source) {
    setShown({ source: notification, open: true, key: shown.key + 1 });
  }
  const current = shown.open ? shown.source : null;
  const dismiss = useCallback(() => setShown((state) => ({ ...state, open: false })), []);

  useEffect(() => {
    if (!current) return undefined;
    const onKey = (event: KeyboardEvent) => {
      // A page that handles Escape itself (cancelling an edit) prevents the default first.
      if (event.key === 'Escape' && !event.defaultPrevented) dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, dismiss]);

  const urgent = current !== null && (current.type === 'error' || current.type === 'warning');
  const card = current ? (
    <SnackbarCard key={shown.key} notification={current} onDismiss={dismiss} />
  ) : null;
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true">
        {urgent ? null : card}
      </div>
      <div role="alert" aria-atomic="true">
        {urgent ? card : null}
      </div>
    </>
  );
}

/**
 * A card in the snackbar's one style (issue 29) for a notice a component shows itself, with
 * JavaScript (the upload's progress, result and refusals): the type's icon, the message, and a
 * close button when `onClose` is given. Goes into the stack through InSnackbarStack, inside a
 * live region of the component's own.
 */
export function NoticeCard({
  type,
  icon,
  children,
  onClose,
  className,
}: {
  type: Notification['type'];
  /** Instead of the type's own mark (the upload's arrow while files go up). */
  icon?: ReactNode;
  children: ReactNode;
  onClose?: () => void;
  className?: string;
}) {
  return (
    <div className={`snackbar snackbar--${type}${className ? ` ${className}` : ''}`}>
      <span className="snackbar__icon" aria-hidden="true">
        {icon ?? <TypeIcon type={type} />}
      </span>
      <div className="snackbar__message">{children}</div>
      {onClose ? (
        <button
          type="button"
          className="snackbar__close"
          aria-label={SNACKBAR_CLOSE_LABEL}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

function SnackbarCard({
  notification,
  onDismiss,
}: {
  notification: Notification;
  onDismiss: () => void;
}) {
  const { type, message, timeout, button } = notification;
  const timed = timeout > 0;
  const ref = useRef<HTMLDialogElement>(null);

  // A slow hydration can miss the end of the hide animation: a card already hidden goes now.
  useEffect(() => {
    const finished = ref.current
      ?.getAnimations()
      .some(
        (animation) =>
          animation instanceof CSSAnimation &&
          animation.animationName === HIDE_ANIMATION &&
          animation.playState === 'finished',
      );
    if (finished) onDismiss();
  }, [onDismiss]);

  const style = timed ? ({ '--snackbar-timeout': `${timeout}ms` } as CSSProperties) : undefined;
  const onAnimationEnd = (event: AnimationEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && event.animationName === HIDE_ANIMATION) onDismiss();
  };
  const onClose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onDismiss();
  };
  return (
    <dialog
      ref={ref}
      open
      className={`snackbar snackbar--${type}${timed ? ' snackbar--timed' : ''}`}
      style={style}
      aria-label={LABELS[type]}
      data-testid="snackbar"
      onAnimationEnd={onAnimationEnd}
    >
      <span className="snackbar__icon" aria-hidden="true">
        <TypeIcon type={type} />
      </span>
      <p className="snackbar__message">{message}</p>
      {button ? (
        <Link className="snackbar__action" to={button.href}>
          {button.label}
        </Link>
      ) : null}
      <form method="dialog" className="snackbar__close-form" onSubmit={onClose}>
        <button type="submit" className="snackbar__close" aria-label={SNACKBAR_CLOSE_LABEL}>
          <CloseIcon />
        </button>
      </form>
    </dialog>
  );
}

const LABELS: Record<Notification['type'], string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Notice',
};

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function TypeIcon({ type }: { type: Notification['type'] }) {
  // Error and warning share the mark; the colour and the accessible label tell them apart.
  const path =
    type === 'success'
      ? 'm5 10.5 3.2 3.2L15 7'
      : type === 'info'
        ? 'M10 9v5.5M10 5.5v.01'
        : 'M10 5.5v5.5M10 14.5v.01';
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" focusable="false" fill="none">
      <path d={path} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
