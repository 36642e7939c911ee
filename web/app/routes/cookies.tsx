import { NOTIFICATION_COOKIE, pagePaths, SESSION_COOKIE } from '@animata/contracts';
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { TopBar } from '../components/top-bar.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: 'Cookie settings · Animata' }];

/**
 * Cookie settings, linked from the account page (account-and-auth §2.1). Every cookie we set is
 * strictly necessary, so there is nothing to switch off: the page says so and lists them,
 * instead of showing toggles that would change nothing (decision 52).
 */
const COOKIES = [
  [SESSION_COOKIE, 'Keeps you signed in. It ends when you log out, or after 30 days.'],
  [
    NOTIFICATION_COOKIE,
    'Carries a message (such as “Account info saved”) to the next page. It lasts 60 seconds.',
  ],
  [
    'animata_device',
    'Remembers that this browser signed in before, so a login from it is not treated as a new device.',
  ],
  ['animata_tfa', 'Holds a two-factor login in progress for a few minutes.'],
  ['animata_oauth', 'Protects a Google or Facebook login in progress for a few minutes.'],
] as const;

export default function CookieSettings() {
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow">
        <header className="page-header">
          <h1>Cookie settings</h1>
          <p className="muted">
            We use only the cookies Animata needs to work. We set no advertising or tracking
            cookies, so there is nothing to turn off.
          </p>
        </header>
        <section className="card" aria-labelledby="cookies-needed">
          <h2 id="cookies-needed">Strictly necessary cookies</h2>
          <dl className="cookie-list">
            {COOKIES.map(([name, purpose]) => (
              <div key={name} className="cookie-list__item">
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>{purpose}</dd>
              </div>
            ))}
          </dl>
        </section>
        <p>
          <Link to={pagePaths.account}>Back to account settings</Link>
        </p>
      </main>
    </>
  );
}
