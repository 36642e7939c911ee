import { dashboardTexts, pagePaths, teamMessages, type Team } from '@animata/contracts';
import { Link } from '@remix-run/react';

/**
 * The customer's teams on /team (billing-teams-apps §2): each with its seats and the customer's
 * role, and 'Manage team' (owners and administrators) or 'Members'; without a team, 'You don't
 * have a team yet' and 'Create a team' to the pricing page.
 */
export function TeamList({
  teams,
  manageHref,
}: {
  teams: Team[];
  manageHref: (id: string) => string;
}) {
  if (teams.length === 0) {
    return (
      <section className="card empty-state team-empty">
        <p>{teamMessages.noTeam}</p>
        <Link to={pagePaths.pricing} className="button button--primary">
          {teamMessages.createTeam}
        </Link>
      </section>
    );
  }
  return (
    <ul className="team-cards">
      {teams.map((team) => {
        const seats = team.slots.included + team.slots.extra.current;
        const manages = team.isOwner || team.canAdministrate;
        return (
          <li key={team.id} className="card team-card">
            <div className="team-card__head">
              <h2 className="team-card__title">{team.title}</h2>
              <span className="chip">
                {team.isOwner
                  ? teamMessages.owner
                  : team.canAdministrate
                    ? teamMessages.administrator
                    : teamMessages.member}
              </span>
            </div>
            <p className="muted team-card__seats">
              {team.members.length} {team.members.length === 1 ? 'member' : 'members'} · {seats}{' '}
              seats
            </p>
            {team.plan.expired ? (
              <p className="team-card__expired">{dashboardTexts.teamExpired}</p>
            ) : null}
            <div className="team-card__actions">
              <Link
                to={manageHref(team.id)}
                className="button button--primary button--small"
                preventScrollReset
              >
                {manages ? dashboardTexts.manageTeam : 'Members'}
              </Link>
              <Link
                to={`/team/${encodeURIComponent(team.id)}`}
                className="button button--ghost button--small"
              >
                Team projects
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
