import type { ReactNode } from 'react';

/**
 * A tab whose feature is not built yet: an honest empty state saying what will be there, never
 * made-up data (issue 16).
 */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="page page--narrow account-page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <section className="empty-state" aria-labelledby="coming-soon-title">
        <h2 id="coming-soon-title">Coming soon</h2>
        <p>{children}</p>
      </section>
    </main>
  );
}
