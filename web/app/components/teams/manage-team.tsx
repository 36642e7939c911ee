import { dashboardTexts, type Team } from '@animata/contracts';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { FormNotice } from '../ui/form-notice.js';
import { lostConnectionNotice } from '../../utils/form-connection.js';
import { SubmitButton } from '../ui/submit-button.js';
import { TextField } from '../ui/text-field.js';
import type { MemberRow } from '@animata/contracts';
import type { TeamActionData, TeamConfirm } from '../../utils/teams/team-actions.js';
import { MemberList } from './member-list.js';
import { InviteForm } from './invite-form.js';
import { SeatsForm } from './seats-form.js';

/**
 * What the manage-team dialog shows (billing-teams-apps §2, §4, §6): the expired-plan notice,
 * the name (renamed by owners and administrators), the members and invites, the invite field
 * (owners and administrators) and the seats (the owner, who pays). Every form posts to
 * `action`, the page's own action, which redirects back with a notification.
 */
export function ManageTeam({
  team,
  customerId,
  action,
  confirmHref,
}: {
  team: Team;
  customerId: string;
  action: string;
  confirmHref: (kind: TeamConfirm, member?: MemberRow) => string;
}) {
  const answer = useActionData<TeamActionData>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const manages = team.isOwner || team.canAdministrate;
  const refused = answer && answer.team === team.id ? answer : undefined;
  const titleId = useId();
  return (
    <div className="manage-team">
      {team.plan.expired ? (
        <div className="team-expired" role="note">
          <p className="team-expired__title">{dashboardTexts.teamExpired}</p>
          <p className="muted">
            {team.isOwner
              ? 'Extend the subscription to invite people and work on the team’s projects again.'
              : 'Contact the team owner to extend the subscription.'}
          </p>
          {team.isOwner ? (
            <a href={confirmHref('delete-team')} className="button button--danger button--small">
              Delete team
            </a>
          ) : null}
        </div>
      ) : null}
      <FormNotice>
        {refused && !refused.fieldErrors ? refused.notice : lostConnectionNotice(answer)}
      </FormNotice>
      {manages ? (
        <Form
          method="post"
          action={action}
          preventScrollReset
          className="team-rename"
          aria-labelledby={titleId}
        >
          <span id={titleId} className="visually-hidden">
            Rename the team
          </span>
          <input type="hidden" name="intent" value="team-rename" />
          <TextField
            label="Team name"
            name="title"
            defaultValue={refused?.intent === 'team-rename' ? refused.values?.title : team.title}
            serverError={refused?.intent === 'team-rename' ? refused.fieldErrors?.title : undefined}
            maxLength={64}
            required
          />
          <SubmitButton variant="ghost" pending={busy('team-rename')}>
            Rename
          </SubmitButton>
        </Form>
      ) : null}
      <MemberList
        members={team.members}
        invites={team.invites}
        viewer={{ customerId, isOwner: team.isOwner, canAdministrate: team.canAdministrate }}
        action={action}
        confirmHref={confirmHref}
      />
      {manages ? (
        <InviteForm
          team={team}
          action={action}
          serverError={
            refused?.intent === 'team-invite' ? refused.fieldErrors?.recipientEmail : undefined
          }
          value={refused?.intent === 'team-invite' ? refused.values?.recipientEmail : undefined}
          pending={busy('team-invite')}
        />
      ) : null}
      {team.isOwner && !team.plan.expired ? (
        <SeatsForm
          team={team}
          action={action}
          serverError={refused?.intent === 'team-seats' ? refused.fieldErrors?.extra : undefined}
          pending={busy('team-seats')}
          preview={refused?.intent === 'team-seats' ? refused.preview : undefined}
        />
      ) : null}
      {!manages ? (
        <p className="muted">Only the owner and administrators invite and manage members.</p>
      ) : null}
    </div>
  );
}
