import type { MetaFunction } from '@remix-run/node';
import { TopBar } from '../components/top-bar.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: 'Plans and pricing · Animata' }];

/**
 * Where 'Upgrade' and the promo banner lead. The plans and checkout are the next issue; until
 * then the page says so rather than showing prices nobody can pay (decision 53).
 */
export default function Pricing() {
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow">
        <header className="page-header">
          <h1>Plans and pricing</h1>
        </header>
        <section className="empty-state" aria-labelledby="pricing-soon">
          <h2 id="pricing-soon">Coming soon</h2>
          <p>
            The Starter, Pro and Team plans, with monthly and yearly billing, will be compared and
            bought here. Every account is on the free plan until then.
          </p>
        </section>
      </main>
    </>
  );
}
