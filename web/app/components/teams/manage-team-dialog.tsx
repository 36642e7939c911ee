import {
  dashboardTexts,
  teamMessages,
  type Team,
  type TeamActivityEntry,
} from '@animata/contracts';
import { Link } from '@remix-run/react';
import { ConfirmDialog } from '../account/confirm-dialog.js';
import { DashboardDialog } from '../dashboard/dashboard-dialog.js';
import { confirmStateOf, withConfirm, type TeamConfirm } from '../../utils/teams/team-actions.js';
import { TeamActivity } from './team-activity.js';
import { ManageTeam } from './manage-team.js';

/**
 * The manage-team dialog (billing-teams-apps §2; projects-dashboard §2 'Manage Team' or
 * 'Members'), opened from the address on /team and on a team's dashboard view, and the
 * confirmations its rows open (`&confirm=remove|leave|delete-team|transfer&member=…`).
 */
export function ManageTeamDialog({
  team,
  activity,
  customerId,
  base,
  closeTo,
  search,
  onClose,
}: {
  team: Team;
  activity: TeamActivityEntry[];
  customerId: string;
  /** The dialog's own address: its forms post there and come back to it. */
  base: string;
  /** The address without the dialog. */
  closeTo: string;
  /** The current address's query, for the open confirmation. */
  search: string;
  /** Closing a confirmation (back to the dialog). */
  onClose: () => void;
}) {
  const manages = team.isOwner || team.canAdministrate;
  const confirm = confirmStateOf(new URLSearchParams(search));
  const member = confirm?.member
    ? team.members.find((row) => row.id === confirm.member)
    : undefined;
  const href = (kind: TeamConfirm, row?: { id: string }) => withConfirm(base, kind, row?.id);
  return (
    <>
      <DashboardDialog
        title={manages ? dashboardTexts.manageTeam : 'Members'}
        closeTo={closeTo}
        className="team-dialog"
      >
        <p className="team-dialog__team">{team.title}</p>
        <ManageTeam team={team} customerId={customerId} action={base} confirmHref={href} />
        {manages && activity.length > 0 ? <TeamActivity activity={activity} /> : null}
        <div className="dashboard-dialog__buttons">
          <Link to={closeTo} className="button button--ghost" replace preventScrollReset>
            Close
          </Link>
        </div>
      </DashboardDialog>
      <ConfirmDialog
        open={confirm?.kind === 'remove' && Boolean(member)}
        title={teamMessages.confirmRemove}
        confirmLabel="Remove"
        intent="team-remove"
        fields={{ member: member?.id ?? '' }}
        danger
        action={base}
        cancelTo={base}
        onClose={onClose}
      >
        <p>
          {member?.customer.name} ({member?.customer.email}) loses access to the team’s projects.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'leave' && Boolean(member)}
        title={teamMessages.confirmLeave}
        confirmLabel="Leave team"
        intent="team-leave"
        fields={{ member: member?.id ?? '' }}
        danger
        action={base}
        cancelTo={base}
        onClose={onClose}
      >
        <p>You lose access to {team.title} and its projects.</p>
      </ConfirmDialog>
      {team.isOwner ? (
        <>
          <ConfirmDialog
            open={confirm?.kind === 'delete-team' && team.plan.expired}
            title={`Delete ${team.title}?`}
            confirmLabel="Delete team"
            intent="delete-team"
            danger
            action={base}
            cancelTo={base}
            onClose={onClose}
          >
            <p>The team and its members’ access to its projects are removed.</p>
          </ConfirmDialog>
          <ConfirmDialog
            open={confirm?.kind === 'transfer' && Boolean(member)}
            title={`Make ${member?.customer.name ?? ''} the owner?`}
            confirmLabel="Send confirmation links"
            intent="team-transfer"
            fields={{ member: member?.id ?? '' }}
            action={base}
            cancelTo={base}
            onClose={onClose}
          >
            <p>
              You and {member?.customer.name} each get a confirmation link by e-mail. Ownership
              moves once both of you have confirmed; the subscription stays with you.
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </>
  );
}
