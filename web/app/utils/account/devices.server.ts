import { devicesTexts, endpoints, lastActiveText } from '@animata/contracts';
import type { AppLoadContext } from '@remix-run/node';
import { api } from '../api.server.js';
import { textField } from '../form.server.js';
import { backToAccount, type AccountAction } from './account-action.server.js';

/** A session as the devices section shows it: the "ago" text made here, so hydration agrees. */
export interface DeviceRow {
  id: string;
  device: string;
  lastActive: string;
  signedInAt: string;
  current: boolean;
}

/** 'Where you're signed in', for the page's loader; an empty list when the call fails. */
export async function loadDevices(request: Request, context: AppLoadContext): Promise<DeviceRow[]> {
  const result = await api(request, context).call(endpoints.account.sessions);
  if (!result.ok) return [];
  const now = new Date();
  return result.data.sessions.map((session) => ({
    id: session.id,
    device: session.device,
    lastActive: session.current
      ? 'Active now'
      : lastActiveText(new Date(session.lastActiveAt), now),
    signedInAt: session.signedInAt,
    current: session.current,
  }));
}

/** Signs one session out; someone else's (or an unknown) id is the BFF's 404. */
export const signOutDevice: AccountAction = async ({ request, context, form }) => {
  const client = api(request, context);
  const result = await client.call(endpoints.account.endSession, undefined, {
    params: { id: textField(form, 'id').slice(0, 200) || 'none' },
  });
  return backToAccount(client, result, () => devicesTexts.signedOut);
};

/** Signs out every other session; this one stays. */
export const signOutOtherDevices: AccountAction = async ({ request, context }) => {
  const client = api(request, context);
  const result = await client.call(endpoints.account.endOtherSessions);
  return backToAccount(client, result, (data) => devicesTexts.othersSignedOut(data.ended));
};
