import { authTexts, pagePaths } from '@animata/contracts';
import { Link } from '@remix-run/react';
import { LogoutForm } from './logout-form.js';
import { AvatarImage } from './ui/avatar-image.js';
import type { SignedInCustomer } from './signed-in-customer.js';
import { useDisclosureMenu } from './ui/use-disclosure-menu.js';

/** Entries of the signed-in user menu, then 'Log out'. */
const ITEMS = [{ label: authTexts.accountSettings, to: pagePaths.account }] as const;

/**
 * The signed-in user menu: a disclosure (`<details>`/`<summary>`), so it opens with a click,
 * Enter or Space even without JavaScript and its entries are plain links in the tab order.
 * JavaScript adds what users expect of a menu: Escape closes it and returns focus to the
 * button, and it closes on a click or focus outside and after a navigation.
 */
export function UserMenu({ customer }: { customer: SignedInCustomer }) {
  const ref = useDisclosureMenu();

  return (
    <details className="user-menu" ref={ref}>
      <summary className="user-menu__button">
        <span className="user-menu__avatar" aria-hidden="true">
          {customer.avatar ? (
            <AvatarImage avatar={customer.avatar} name={customer.name} size={32} />
          ) : (
            <svg viewBox="0 0 24 24" width="18" height="18" focusable="false" fill="none">
              <circle cx="12" cy="8.5" r="3.75" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M4.75 19.25c1.3-3.3 4-5 7.25-5s5.95 1.7 7.25 5"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          )}
        </span>
        <span className="user-menu__label">
          Account<span className="visually-hidden"> menu</span>
        </span>
        <svg
          className="user-menu__chevron"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <path d="m5.5 8 4.5 4.5L14.5 8" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </summary>
      <div className="user-menu__panel">
        <p className="user-menu__heading">
          <span className="user-menu__name">{customer.name}</span>
          <span className="user-menu__email">{customer.email}</span>
        </p>
        <ul className="user-menu__list">
          {ITEMS.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="user-menu__item">
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <LogoutForm className="user-menu__item user-menu__item--button" />
          </li>
        </ul>
      </div>
    </details>
  );
}
