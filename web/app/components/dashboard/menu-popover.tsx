import { useNavigate } from '@remix-run/react';
import { Children, type ReactNode } from 'react';
import { followInApp } from '../../utils/in-app-link.js';
import { useDisclosureMenu } from '../ui/use-disclosure-menu.js';
import { icons } from './icons.js';

/**
 * A small "more actions" menu (card hover menu, folder menu): a disclosure (`<details>`), so it
 * opens with a click, Enter or Space even without JavaScript and its entries are plain links
 * and buttons in the tab order (like the user menu). With JavaScript, Escape closes it and
 * returns focus to its button, and a click or focus outside or a navigation closes it. Entries
 * marked IN_APP_LINK are plain anchors that it follows in the app (utils/in-app-link.ts).
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
  const ref = useDisclosureMenu();
  const navigate = useNavigate();

  return (
    <details className={`menu-popover ${className}`} ref={ref}>
      <summary className="menu-popover__button" aria-label={label} title={label}>
        {icons.more}
      </summary>
      {/* Its entries marked IN_APP_LINK are plain anchors, followed in the app from here (the
          anchor's own click and Enter arrive here as clicks). */}
      <ul className="menu-popover__panel" onClick={(event) => followInApp(event, navigate)}>
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
