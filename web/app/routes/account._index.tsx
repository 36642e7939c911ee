import { apiPaths, type SessionInfoResponse } from '@animata/contracts';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { TopBar } from '../components/top-bar.js';
import { api } from '../utils/api.server.js';

export const meta: MetaFunction = () => [{ title: 'Account settings · Animata' }];

/**
 * Placeholder of the account settings page (account-and-auth §2.1) until the account issue.
 * It already needs a session: signed out, the BFF answers 401 and the typed client sends the
 * visitor to /auth/login?url=%2Faccount with the logged-out notice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const client = api(request, context);
  const session = await client.expect(client.get<SessionInfoResponse>(apiPaths.session));
  return { customerId: session.customerId };
}

export default function Account() {
  return (
    <>
      <TopBar signedIn />
      <main id="main" className="page page--narrow">
        <header className="page-header">
          <h1>Account settings</h1>
          <p className="muted">Your name, e-mail, password and newsletter choice.</p>
        </header>
        <section className="card empty-state" aria-labelledby="account-soon">
          <h2 id="account-soon">Coming soon</h2>
          <p>You are signed in. Editing your account settings opens here soon.</p>
          <p>
            <Link to="/" className="button button--ghost">
              Go to the home page
            </Link>
          </p>
        </section>
      </main>
    </>
  );
}
