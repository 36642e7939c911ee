import type { MetaFunction } from '@remix-run/node';
import { Logo } from '../components/top-bar.js';

export const meta: MetaFunction = () => [{ title: 'Log in · Animata' }];

/** Placeholder of the login screen; the sign-in issue replaces it with the real form. */
export default function Login() {
  return (
    <main className="auth-frame">
      <div className="auth-card">
        <Logo size={40} />
        <h1>Log in</h1>
        <p className="muted">Sign-in with e-mail and password opens here soon.</p>
      </div>
    </main>
  );
}
