import { useLocation } from '@remix-run/react';
import { Children, useEffect, useRef, type ReactNode } from 'react';
import { icons } from './icons.js';

/**
 * A small "more actions" menu (card hover menu, folder menu): a disclosure (`<details>`), so it
 * opens with a click, Enter or Space even without JavaScript and its entries are plain links
 * and buttons in the tab order (like the user menu). With JavaScript, Escape closes it and
 * returns focus to its button, and a click or focus outside or a navigation closes it.
 */
export function MenuPopover({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return undefined;
    const close = () => {
      details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      event.preventDefault();
      event.stopPropagation();
      close();
      details.querySelector('summary')?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !details.contains(next)) close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close();
    };
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  return (
    <details className={`menu-popover ${className}`} ref={ref}>
      <summary className="menu-popover__button" aria-label={label} title={label}>
        {icons.more}
      </summary>
      <ul className="menu-popover__panel">
        {Children.toArray(children)
          .filter(Boolean)
          .map((child, index) => (
            <li key={index} className="menu-popover__item">
              {child}
            </li>
          ))}
      </ul>
    </details>
  );
}
