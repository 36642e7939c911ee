import { appAuthMessages } from '@animata/contracts';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Logo } from '../top-bar.js';

/**
 * The authorization page's frame (account-and-auth §2.7): the logo and one card, narrow enough
 * for a popup window and a phone.
 */
export function AuthScreen({ children }: { children: ReactNode }) {
  return (
    <div className="auth-frame app-auth">
      <header className="auth-frame__header">
        <Link to="/" className="auth-layout__logo" aria-label="Animata home">
          <Logo size={32} />
          <span>Animata</span>
        </Link>
      </header>
      <main id="main" className="auth-frame__main">
        <div className="auth-card app-auth__card">{children}</div>
      </main>
    </div>
  );
}

/** A state that ends the flow: a heading and, when there is one, what went wrong. */
export function AuthMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="app-auth__message" role="alert" aria-labelledby="app-auth-message">
      <h1 id="app-auth-message" className="auth-title">
        {title}
      </h1>
      {children ? <div className="app-auth__detail">{children}</div> : null}
    </section>
  );
}

export function NoApp() {
  return (
    <AuthMessage title={appAuthMessages.noApp}>
      <p>{appAuthMessages.noAppDetail}</p>
    </AuthMessage>
  );
}

export function NoWindow() {
  return <AuthMessage title={appAuthMessages.noWindow} />;
}

export function RedirectNotAllowed({ url }: { url: string }) {
  return (
    <AuthMessage title={appAuthMessages.title}>
      <p className="app-auth__error">{appAuthMessages.redirectNotAllowed(url)}</p>
    </AuthMessage>
  );
}

/** A request refused before the consent that has no registered redirect URI to go back to. */
export function InvalidRequest({ description }: { description: string }) {
  return (
    <AuthMessage title={appAuthMessages.invalidRequest}>
      <p className="app-auth__error">{description}</p>
    </AuthMessage>
  );
}

export function InvalidRedirect({ url, error }: { url: string; error: string }) {
  return (
    <AuthMessage title={appAuthMessages.title}>
      <p className="app-auth__error">
        {appAuthMessages.invalidRedirect} <code className="app-auth__url">{url}</code>
      </p>
      <p className="muted">{error}</p>
    </AuthMessage>
  );
}

/** The spinner while the page cannot yet tell what to show (§2.7), or while Authorize runs. */
export function AuthLoading({ label }: { label: string }) {
  return (
    <p className="app-auth__loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}
