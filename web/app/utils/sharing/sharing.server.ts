import {
  endpoints,
  expiryError,
  expiryOfDay,
  inviteEmailError,
  publicLinkPasswordError,
  SHARE_PARAMS,
  shareTargetOf,
  sharingMessages,
  withShareParam,
  type PublicLinkBody,
  type ShareAccess,
  type ShareTarget,
} from '@animata/contracts';
import { data, type AppLoadContext } from '@remix-run/node';
import { api, type ApiFailure, type ApiResult } from '../api.server.js';
import { readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import {
  isShareIntent,
  SHARE_SCRIPTED_FIELD,
  type ShareActionData,
  type ShareDialogData,
  type ShareIntent,
} from './share-view.js';

/**
 * The share dialog a page's address opens (`?share=project:{id}`, `?share=label:{id}`; on a
 * project page `?share=1`), or null. Someone else's item is the BFF's 404: the route's error
 * page, as for the manage-team dialog.
 */
export async function loadShareDialog(
  request: Request,
  context: AppLoadContext,
  options: { page?: string } = {},
): Promise<ShareDialogData | null> {
  const value = new URL(request.url).searchParams.get(SHARE_PARAMS.share);
  const target = shareTargetOf(value, options.page);
  if (!target || value === null) return null;
  const client = api(request, context);
  const endpoint =
    target.entity === 'project' ? endpoints.sharing.project : endpoints.sharing.label;
  const sharing = await client.expect(
    client.call(endpoint, undefined, { params: { id: target.id } }),
  );
  return { target, param: value.trim(), sharing, origin: context.publicOrigin };
}

const access = (value: string): ShareAccess => (value === 'edit' ? 'edit' : 'view');

/**
 * The dialog's forms (every one posts a `share-…` intent to the page it is open on). Without
 * JavaScript a success redirects back to the dialog with the note (§8) as the page's
 * notification; a post made with JavaScript (SHARE_SCRIPTED_FIELD) gets the note as data and the
 * dialog shows it. A refusal answers the dialog again with the reason and what was typed.
 */
export async function sharingAction(
  request: Request,
  context: AppLoadContext,
  options: { page?: string } = {},
) {
  const url = new URL(request.url);
  const value = url.searchParams.get(SHARE_PARAMS.share);
  const target = shareTargetOf(value, options.page);
  const read = await readForm(request);
  if (!read.ok) return answer('', false, read.notice, { status: read.status });
  const { form } = read;
  const posted = textField(form, 'intent');
  const intent: ShareIntent | '' = isShareIntent(posted) ? posted : '';
  const scripted = textField(form, SHARE_SCRIPTED_FIELD) === '1';
  if (!target || value === null || intent === '') {
    return answer(intent, false, sharingMessages.genericError, { status: 400 });
  }
  const back = withShareParam(url, value.trim());
  const client = api(request, context);

  const succeeded = (note: string) =>
    scripted ? answer(intent, true, note) : redirectWithNotification(back, notify('success', note));
  const refused = (
    failure: ApiFailure,
    notice: string,
    extra: { fieldErrors?: Record<string, string>; values?: Record<string, string> } = {},
  ) => {
    if (failure.error.kind === 'logged-out') throw client.toLogin(failure.headers);
    const status = failure.status === 429 ? 429 : failure.status === 404 ? 404 : 422;
    return answer(intent, false, notice, { status, ...extra });
  };
  const settle = async <T>(
    call: Promise<ApiResult<T>>,
    note: string,
    failed: (failure: ApiFailure) => string,
  ) => {
    const result = await call;
    return result.ok ? succeeded(note) : refused(result, failed(result));
  };
  const serverText = (failure: ApiFailure) =>
    failure.error.notice ||
    Object.values(failure.error.fieldErrors)[0] ||
    sharingMessages.genericError;
  const params = { params: { id: target.id } };

  switch (intent) {
    case 'share-invite': {
      const recipientEmail = textField(form, 'recipientEmail').trim();
      const grantAccess = access(textField(form, 'grantAccess'));
      const values = { recipientEmail, grantAccess };
      // §5: no invite is sent for what is not an address.
      const problem = inviteEmailError(recipientEmail);
      if (problem) {
        return answer(intent, false, problem, {
          status: 422,
          fieldErrors: { recipientEmail: problem },
          values,
        });
      }
      const endpoint =
        target.entity === 'project' ? endpoints.invites.project : endpoints.invites.label;
      const result = await client.call(
        endpoint,
        { recipientEmail, grantAccess },
        { ...params, knownFields: ['recipientEmail'] },
      );
      // The server's note ('Invite was sent', and what was granted when edit became view).
      if (result.ok) return succeeded(result.data.message || sharingMessages.inviteSent);
      // §8: a failed invite shows the server's error text.
      const text = result.error.fieldErrors.recipientEmail ?? serverText(result);
      return refused(result, text, { fieldErrors: { recipientEmail: text }, values });
    }
    case 'share-access': {
      const endpoint =
        target.entity === 'project'
          ? endpoints.sharing.projectCustomer
          : endpoints.sharing.labelCustomer;
      return settle(
        client.call(
          endpoint,
          { access: access(textField(form, 'access')) },
          { params: { id: textField(form, 'share') } },
        ),
        sharingMessages.accessUpdated,
        serverText,
      );
    }
    case 'share-remove': {
      const endpoint =
        target.entity === 'project'
          ? endpoints.sharing.removeProject
          : endpoints.sharing.removeLabel;
      return settle(
        client.call(endpoint, { type: 'customer', customer: textField(form, 'customer') }, params),
        sharingMessages.customerRemoved,
        () => sharingMessages.revokeAccessFailed,
      );
    }
    case 'share-revoke':
      return settle(
        client.call(endpoints.invites.delete, undefined, {
          params: { id: textField(form, 'invite') },
        }),
        sharingMessages.inviteRemoved,
        () => sharingMessages.revokeInviteFailed,
      );
    case 'share-team': {
      const team = textField(form, 'team');
      // §4: on grants view (or the access chosen), off removes.
      const on = textField(form, 'enabled') === 'on';
      const call = on
        ? client.call(
            target.entity === 'project'
              ? endpoints.sharing.teamProject
              : endpoints.sharing.teamLabel,
            { team, grantAccess: access(textField(form, 'access')) },
            params,
          )
        : client.call(
            target.entity === 'project'
              ? endpoints.sharing.removeProject
              : endpoints.sharing.removeLabel,
            { type: 'team', team },
            params,
          );
      return settle(call, sharingMessages.accessUpdated, serverText);
    }
    case 'share-public':
    case 'share-link-settings': {
      if (target.entity !== 'project') {
        return answer(intent, false, sharingMessages.genericError, { status: 400 });
      }
      let body: PublicLinkBody = { isPublic: textField(form, 'isPublic') === '1' };
      if (intent === 'share-link-settings') {
        const day = textField(form, 'expires');
        const offset = Number(textField(form, 'tzOffset') || '0');
        const expiresAt = day === '' ? null : expiryOfDay(day, offset);
        const password = textField(form, 'password');
        const values = { expires: day };
        const fieldErrors: Record<string, string> = {};
        const expiryProblem =
          day !== '' && expiresAt === null ? sharingMessages.expiryInPast : expiryError(expiresAt);
        if (expiryProblem) fieldErrors.expires = expiryProblem;
        const passwordProblem = publicLinkPasswordError(password);
        if (passwordProblem) fieldErrors.password = passwordProblem;
        const first = Object.values(fieldErrors)[0];
        if (first) return answer(intent, false, first, { status: 422, fieldErrors, values });
        body = {
          isPublic: true,
          expiresAt,
          ...(textField(form, 'removePassword') === 'on'
            ? { password: null }
            : password !== ''
              ? { password }
              : {}),
        };
      }
      return settle(
        client.call(endpoints.sharing.publicLink, body, params),
        sharingMessages.publicLinkSaved,
        serverText,
      );
    }
  }
}

function answer(
  intent: ShareIntent | '',
  ok: boolean,
  notice: string,
  init: {
    status?: number;
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
  } = {},
) {
  const { status = 200, ...extra } = init;
  return data<ShareActionData>({ share: true, intent, ok, notice, ...extra }, { status });
}

/** Whether a posted form is the share dialog's (read from a copy; the action reads it again). */
export async function postsToShareDialog(request: Request): Promise<boolean> {
  const read = await readForm(request.clone());
  return read.ok && isShareIntent(read.form.get('intent'));
}

export type { ShareTarget };
