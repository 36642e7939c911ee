import { dashboardTexts, type EmptyListReason } from '@animata/contracts';
import type { ReactNode } from 'react';
import { icons } from './icons.js';

/** The empty states of §2: one text, an optional hint and action. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <span className="empty-state__icon">{icons.empty}</span>
      <h2 className="empty-state__title">{title}</h2>
      {children}
    </section>
  );
}

/** §8: an empty team list says why when the team's plan expired. */
export function ExpiredTeam({ reason }: { reason: EmptyListReason }) {
  return (
    <EmptyState title={dashboardTexts.teamExpired}>
      <p className="muted">
        {reason === 'owner-expired'
          ? 'Extend the subscription to work on the team’s projects again.'
          : 'Contact the team owner to extend the subscription.'}
      </p>
    </EmptyState>
  );
}
