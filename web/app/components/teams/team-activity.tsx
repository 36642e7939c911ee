import type { TeamActivityEntry } from '@animata/contracts';
import { formatDay } from '../../utils/teams/team-view.js';

/** One line per entry of the team's activity (ours, beyond the spec). */
export function describeActivity(entry: TeamActivityEntry): string {
  const actor = entry.actor?.name ?? 'Billing';
  const subject = entry.subject?.name ?? '';
  const details = entry.details;
  switch (entry.kind) {
    case 'created':
      return `${actor} created the team`;
    case 'joined':
      return `${subject || actor} joined`;
    case 'left':
      return `${subject || actor} left`;
    case 'removed':
      return `${actor} removed ${subject}`;
    case 'invited':
      return `${actor} invited ${subject}`;
    case 'invite-refused':
      return `${subject} declined the invitation`;
    case 'invite-revoked':
      return `${actor} removed the invitation of ${subject}`;
    case 'seats-changed':
      return `${actor} changed the extra seats from ${String(details.from ?? '?')} to ${String(details.to ?? '?')}`;
    case 'renamed':
      return `${actor} renamed the team${details.to ? ` to ${String(details.to)}` : ''}`;
    case 'ownership-requested':
      return `${actor} asked to make ${subject} the owner`;
    case 'ownership-moved':
      return `${subject} became the owner`;
    case 'expired':
      return 'The team plan expired';
    default:
      return entry.kind;
  }
}

/** The team's activity, newest first, folded away until asked for. */
export function TeamActivity({ activity }: { activity: TeamActivityEntry[] }) {
  return (
    <details className="team-activity">
      <summary>Team activity</summary>
      <ol className="team-activity__list">
        {activity.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at} className="muted">
              {formatDay(entry.at)}
            </time>{' '}
            {describeActivity(entry)}
          </li>
        ))}
      </ol>
    </details>
  );
}
