import { pagePaths } from '@animata/contracts';
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Logo } from '../components/top-bar.js';

export const meta: MetaFunction = () => [{ title: 'Log in · Animata' }];

/** Placeholder of the login screen; the sign-in issue replaces the card's body with the form. */
export default function Login() {
  return (
    <div className="auth-frame">
      <header className="auth-frame__header">
        <Link to={pagePaths.home} className="top-bar__logo" aria-label="Animata home">
          <Logo />
          <span className="top-bar__brand" aria-hidden="true">
            Animata
          </span>
        </Link>
      </header>
      <main id="main" className="auth-frame__main">
        <div className="auth-card">
          <h1>Log in</h1>
          <p className="muted">Sign-in with e-mail and password opens here soon.</p>
          <p className="auth-card__footer">
            <Link to={pagePaths.home}>Back to the home page</Link>
          </p>
        </div>
      </main>
    </div>
  );
}
