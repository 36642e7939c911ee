import { pagePaths } from '@animata/contracts';
import { Link } from '@remix-run/react';
import { useId } from 'react';
import { UserMenu } from './user-menu.js';

/**
 * The top bar of the account area (account-and-auth §2.2): the logo linking to /, then the
 * user menu for a signed-in customer or a 'Log in' link for a visitor. The promo banner and
 * the 'Upgrade' button join it with billing.
 */
export function TopBar({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <header className="top-bar">
      <Link to={pagePaths.home} className="top-bar__logo" aria-label="Animata home">
        <Logo />
        <span className="top-bar__brand" aria-hidden="true">
          Animata
        </span>
      </Link>
      <nav className="top-bar__menu" aria-label="User menu">
        {signedIn ? (
          <UserMenu />
        ) : (
          <Link to={pagePaths.login} className="button button--ghost button--small">
            Log in
          </Link>
        )}
      </nav>
    </header>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#4f2fe0" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M9 23 16 8l7 15h-4.2L16 16.6 13.2 23z" fill="#fff" />
      <circle cx="23.5" cy="9.5" r="2.6" fill="#ffd166" />
    </svg>
  );
}
