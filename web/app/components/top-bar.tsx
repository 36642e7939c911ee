import { Link } from '@remix-run/react';

/**
 * The top bar of the account area: logo linking to /, then the user menu. The user menu is a
 * placeholder until sign-in lands; it offers the login link meanwhile.
 */
export function TopBar() {
  return (
    <header className="top-bar">
      <Link to="/" className="top-bar__logo" aria-label="Animata home">
        <Logo />
        <span className="top-bar__brand">Animata</span>
      </Link>
      <nav className="top-bar__menu" aria-label="User menu">
        <Link to="/auth/login" className="button button--ghost">
          Log in
        </Link>
      </nav>
    </header>
  );
}

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--brand)" />
      <path d="M9 23 16 8l7 15h-4l-3-7-3 7z" fill="#fff" />
      <circle cx="23.5" cy="9.5" r="2.5" fill="#ffd166" />
    </svg>
  );
}
