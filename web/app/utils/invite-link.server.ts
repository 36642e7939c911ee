import { endpoints, type InviteAnswerResponse } from '@animata/contracts';
import { data, type AppLoadContext } from '@remix-run/node';
import { api } from './api.server.js';
import { readForm, textField } from './form.server.js';
import { notify, redirectWithNotification } from './notification.server.js';

/**
 * The answer posted on an invite link's page (/team-invite/{token}, /share-invite/{token}):
 * Accept or Decline through POST invite/link/{token}, then the page the answer leads to with
 * the server's message; a refused answer stays on the page with its notice.
 */
export async function answerInviteLink(
  request: Request,
  context: AppLoadContext,
  token: string,
  options: {
    failed: string;
    destination: (answer: InviteAnswerResponse, accepted: boolean) => string;
  },
) {
  const read = await readForm(request);
  if (!read.ok) return data({ notice: read.notice }, { status: read.status });
  const action = textField(read.form, 'action');
  if (action !== 'confirm' && action !== 'refuse') {
    return data({ notice: options.failed }, { status: 400 });
  }
  const client = api(request, context);
  const result = await client.call(endpoints.invites.answerLink, { action }, { params: { token } });
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return data({ notice: result.error.notice || options.failed }, { status: 422 });
  }
  return redirectWithNotification(
    options.destination(result.data, action === 'confirm'),
    notify('success', result.data.message),
  );
}
