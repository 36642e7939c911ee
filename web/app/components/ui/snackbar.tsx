import type { Notification } from '@animata/contracts';
import { useEffect, useState } from 'react';

const ICONS: Record<Notification['type'], string> = {
  success: '✓',
  error: '!',
  warning: '!',
  info: 'i',
};

/**
 * Shows one notification at the bottom of the screen. It hides itself after its timeout
 * (6000 ms unless the notification says otherwise): with JavaScript through a timer, without
 * it through a CSS animation delayed by the same time. Escape or the close button dismisses it.
 */
export function Snackbar({ notification }: { notification: Notification | null }) {
  const [visible, setVisible] = useState<Notification | null>(notification);

  useEffect(() => setVisible(notification), [notification]);

  useEffect(() => {
    if (!visible) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setVisible(null);
    };
    window.addEventListener('keydown', onKey);
    const timer = visible.timeout > 0 ? window.setTimeout(() => setVisible(null), visible.timeout) : undefined;
    return () => {
      window.removeEventListener('keydown', onKey);
      if (timer) window.clearTimeout(timer);
    };
  }, [visible]);

  if (!visible) return null;
  const urgent = visible.type === 'error' || visible.type === 'warning';
  return (
    <div
      className={`snackbar snackbar--${visible.type}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      data-testid="snackbar"
      style={visible.timeout > 0 ? { animationDelay: `${visible.timeout}ms` } : { animation: 'none' }}
    >
      <span className="snackbar__icon" aria-hidden="true">
        {ICONS[visible.type]}
      </span>
      <p className="snackbar__message">{visible.message}</p>
      {visible.button ? (
        <a className="snackbar__action" href={visible.button.href}>
          {visible.button.label}
        </a>
      ) : null}
      <form method="get" className="snackbar__close-form" onSubmit={(e) => { e.preventDefault(); setVisible(null); }}>
        <button type="submit" className="snackbar__close" aria-label="Dismiss notification">
          ×
        </button>
      </form>
    </div>
  );
}
