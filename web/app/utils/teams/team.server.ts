import {
  appsErrorNotice,
  endpoints,
  inviteEmailError,
  moveBy,
  orderOf,
  pagePaths,
  slotsError,
  teamMessages,
  type Team,
  type TeamActivityEntry,
} from '@animata/contracts';
import { data, type AppLoadContext } from '@remix-run/node';
import { api, type ApiFailure } from '../api.server.js';
import { readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import type { TeamActionData } from './team-actions.js';

/** The customer's teams (GET /teams), in their order; with their folders when asked. */
export async function loadTeams(
  request: Request,
  context: AppLoadContext,
  options: { labels?: boolean } = {},
): Promise<Team[]> {
  const client = api(request, context);
  const answer = await client.expect(
    client.call(endpoints.teams.list, undefined, {
      query: options.labels ? { labels: true } : {},
    }),
  );
  return Array.isArray(answer?.teams) ? answer.teams : [];
}

/**
 * One team for the manage dialog (GET /teams/{id}): an unknown or someone else's team is the
 * BFF's 404, shown by the route's error boundary. Owners and administrators also get the
 * team's activity (ours, beyond the spec); a failure there only leaves it out.
 */
export async function loadTeam(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<{ team: Team; activity: TeamActivityEntry[] }> {
  const client = api(request, context);
  const { team } = await client.expect(
    client.call(endpoints.teams.get, undefined, { params: { id } }),
  );
  let activity: TeamActivityEntry[] = [];
  if (team.isOwner || team.canAdministrate) {
    const result = await client.call(endpoints.teams.activity, undefined, { params: { id } });
    if (result.ok && Array.isArray(result.data?.activity)) activity = result.data.activity;
  }
  return { team, activity };
}

/** §8: the server's reasons ('Error occurred: …'), else 'Some error occurred. Please retry.' */
export function teamFailureNotice(failure: ApiFailure): string {
  const errors = [...Object.values(failure.error.fieldErrors), failure.error.notice].filter(
    (text, index, all): text is string => Boolean(text) && all.indexOf(text) === index,
  );
  return errors.length > 0 ? appsErrorNotice(errors) : teamMessages.updateFailed;
}

function refused(
  intent: string,
  team: string,
  notice: string,
  status: number,
  extra: Partial<TeamActionData> = {},
) {
  return data<TeamActionData>({ intent, team, notice, ...extra }, { status });
}

/**
 * The manage-team dialog's forms (every one posts an `intent`): rename, reorder (a whole
 * order, or one member moved up or down without JavaScript), remove or leave, invite, revoke
 * an invite, seats, delete an expired team, ask for an ownership transfer. A success redirects
 * to `back` (the dialog again) with a notification; leaving or deleting goes to `away`. A
 * refusal answers the dialog again with the server's reason.
 */
export async function teamAction(
  request: Request,
  context: AppLoadContext,
  { teamId, back, away }: { teamId: string; back: string; away: string },
) {
  const read = await readForm(request);
  if (!read.ok) return refused('', teamId, read.notice, read.status);
  const form = read.form;
  const intent = textField(form, 'intent');
  const client = api(request, context);
  const params = { params: { id: teamId } };
  if (teamId === '') return refused(intent, teamId, teamMessages.updateFailed, 422);

  const done = async <T extends { message?: string }>(
    result: Awaited<ReturnType<typeof client.call<unknown, T, string>>>,
    success: (answer: T) => string,
    options: { to?: string; knownFields?: string[]; values?: Record<string, string> } = {},
  ) => {
    if (!result.ok) {
      if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
      const known = options.knownFields ?? [];
      const fieldErrors = Object.fromEntries(
        Object.entries(result.error.fieldErrors).filter(([name]) => known.includes(name)),
      );
      const hasField = Object.keys(fieldErrors).length > 0;
      return refused(
        intent,
        teamId,
        teamFailureNotice(result),
        result.status === 429 ? 429 : result.status === 404 ? 404 : 422,
        {
          ...(hasField ? { fieldErrors } : {}),
          ...(options.values ? { values: options.values } : {}),
        },
      );
    }
    return redirectWithNotification(options.to ?? back, notify('success', success(result.data)));
  };

  switch (intent) {
    case 'team-rename': {
      const title = textField(form, 'title');
      return done(
        await client.call(endpoints.teams.update, { title }, { ...params, knownFields: ['title'] }),
        (answer) => answer.message ?? teamMessages.teamRenamed,
        { knownFields: ['title'], values: { title } },
      );
    }
    case 'team-sort':
    case 'team-move': {
      let ids = form.getAll('order').filter((id): id is string => typeof id === 'string');
      if (intent === 'team-move') {
        const current = await client.call(endpoints.teams.get, undefined, params);
        if (!current.ok) return done(current, () => '');
        const delta = textField(form, 'delta') === '-1' ? -1 : 1;
        const moved = moveBy(current.data.team.members, textField(form, 'member'), delta);
        // At the top or the bottom already: nothing to change.
        if (!moved) return new Response(null, { status: 303, headers: { location: back } });
        ids = orderOf(moved);
      }
      return done(
        await client.call(endpoints.teams.sort, { ids }, params),
        (answer) => answer.message ?? teamMessages.orderSaved,
      );
    }
    case 'team-remove':
    case 'team-leave': {
      const member = textField(form, 'member');
      if (member === '') return refused(intent, teamId, teamMessages.updateFailed, 422);
      return done(
        await client.call(endpoints.teams.removeMember, undefined, { params: { id: member } }),
        (answer) =>
          answer.message ??
          (intent === 'team-leave' ? teamMessages.teamLeft : teamMessages.memberRemoved),
        intent === 'team-leave' ? { to: away } : {},
      );
    }
    case 'team-invite': {
      const recipientEmail = textField(form, 'recipientEmail').trim();
      const values = { recipientEmail };
      // §5: no invite is sent for what is not an address.
      const problem = inviteEmailError(recipientEmail);
      if (problem) {
        return refused(intent, teamId, problem, 422, {
          fieldErrors: { recipientEmail: problem },
          values,
        });
      }
      return done(
        await client.call(
          endpoints.invites.team,
          { recipientEmail, grantAccess: 'member' },
          { ...params, knownFields: ['recipientEmail'] },
        ),
        (answer) => answer.message || teamMessages.inviteSent(recipientEmail),
        { knownFields: ['recipientEmail'], values },
      );
    }
    case 'team-revoke-invite': {
      const invite = textField(form, 'invite');
      if (invite === '') return refused(intent, teamId, teamMessages.updateFailed, 422);
      return done(
        await client.call(endpoints.invites.delete, undefined, { params: { id: invite } }),
        (answer) => answer.message ?? teamMessages.inviteRevoked,
      );
    }
    case 'team-seats': {
      const raw = textField(form, 'extra').trim();
      const extra = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
      const problem = slotsError(extra);
      if (problem) {
        return refused(intent, teamId, problem, 422, {
          fieldErrors: { extra: problem },
          values: { extra: raw },
        });
      }
      // An increase is charged now (§4): the first post asks the gateway what it costs and
      // shows it; the confirmation (confirm=1) buys. Only a decrease skips the confirmation.
      if (textField(form, 'confirm') !== '1') {
        const preview = await client.call(endpoints.teams.slotsPreview, { extra }, params);
        // A failed preview buys nothing: its reason is the answer (an increase is never
        // charged without the cost shown first).
        if (!preview.ok) {
          return done(preview, () => teamMessages.updateFailed, {
            knownFields: ['extra'],
            values: { extra: raw },
          });
        }
        if (preview.ok && preview.data.when === 'now' && preview.data.amount > 0) {
          return data<TeamActionData>({
            intent,
            team: teamId,
            values: { extra: String(extra) },
            preview: preview.data,
          });
        }
      }
      return done(
        await client.call(endpoints.teams.slots, { extra }, { ...params, knownFields: ['extra'] }),
        (answer) => answer.message ?? teamMessages.slotsUpdated(extra),
        { knownFields: ['extra'], values: { extra: raw } },
      );
    }
    case 'delete-team':
      return done(
        await client.call(endpoints.teams.delete, { id: teamId }),
        (answer) => answer.message ?? teamMessages.teamDeleted,
        { to: pagePaths.team },
      );
    case 'team-transfer': {
      const memberId = textField(form, 'member');
      return done(
        await client.call(endpoints.teams.transferOwnership, { memberId }, params),
        (answer) => answer.message ?? teamMessages.transferRequested,
      );
    }
    default:
      return refused(intent, teamId, teamMessages.updateFailed, 400);
  }
}
