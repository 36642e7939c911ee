import type { LinksFunction } from '@remix-run/node';
import { Link, Outlet } from '@remix-run/react';
import authStylesUrl from '../styles/auth.css?url';
import { Logo } from '../components/top-bar.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStylesUrl }];

/** The landing frame of the sign-in pages: logo, illustration, and the terms footer. */
export default function AuthFrame() {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__art" aria-hidden="true">
        <svg viewBox="0 0 400 400" className="auth-illustration">
          <defs>
            <linearGradient id="auth-sky" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#7c5cff" />
              <stop offset="1" stopColor="#3b1fd1" />
            </linearGradient>
          </defs>
          <rect width="400" height="400" rx="32" fill="url(#auth-sky)" />
          {/* CSS animations, not SMIL: prefers-reduced-motion (auth.css) can then stop them. */}
          <circle className="auth-illustration__ball" cx="120" cy="140" r="46" fill="#ffd166" />
          <rect
            className="auth-illustration__square"
            x="210"
            y="190"
            width="90"
            height="90"
            rx="18"
            fill="#ff7a59"
          />
          <path
            d="M60 330 Q200 260 340 330"
            stroke="#fff"
            strokeWidth="6"
            fill="none"
            strokeLinecap="round"
            opacity="0.8"
          />
        </svg>
        <p className="auth-layout__tagline">Bring your graphics to life.</p>
      </aside>
      <main className="auth-layout__main">
        <Link to="/" className="auth-layout__logo" aria-label="Animata home">
          <Logo size={36} />
          <span>Animata</span>
        </Link>
        <div className="auth-card">
          <Outlet />
        </div>
        <footer className="auth-layout__footer">
          By continuing you accept the <a href="https://animata.example/terms">Terms</a> and{' '}
          <a href="https://animata.example/privacy">Privacy Policy</a>.
        </footer>
      </main>
    </div>
  );
}
