import { AVATAR_UPLOAD_FIELDS, avatarMessages, endpoints, pagePaths } from '@animata/contracts';
import { api } from '../api.server.js';
import { fileField, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { backToAccount, type AccountAction } from './account-action.server.js';

/*
 * The avatar row (account-and-auth §2.1, §4.1): upload from the 'Set image' dialog (the file and
 * its crop) or, without JavaScript, from the row's plain form (the BFF crops a centred square);
 * removal after the confirmation. Every outcome is a notification after a redirect (§8).
 */

const failure = (message: string) =>
  redirectWithNotification(pagePaths.account, notify('error', message));

/** intent=avatar: 'Avatar uploaded', or the BFF's refusal ('File not supported', …). */
export const uploadAvatar: AccountAction = async ({ request, context, form }) => {
  const image = fileField(form, AVATAR_UPLOAD_FIELDS.image);
  if (!image) return failure(avatarMessages.fileNotSupported);
  const upload = new FormData();
  upload.append(AVATAR_UPLOAD_FIELDS.image, image, image.name || 'avatar');
  const payload = textField(form, AVATAR_UPLOAD_FIELDS.payload);
  if (payload !== '') upload.append(AVATAR_UPLOAD_FIELDS.payload, payload);
  const client = api(request, context);
  const result = await client.upload(endpoints.account.changeAvatar, upload);
  return backToAccount(
    client,
    result,
    () => avatarMessages.uploaded,
    (refusal) => refusal.error.notice || avatarMessages.fileNotSupported,
  );
};

/** intent=remove-avatar (after 'Are you sure you want to remove your avatar?'). */
export const removeAvatar: AccountAction = async ({ request, context, form }) => {
  const id = textField(form, 'id');
  const client = api(request, context);
  const result = await client.call(endpoints.account.removeAvatar, undefined, {
    params: { id: id === '' ? '-' : id },
  });
  return backToAccount(
    client,
    result,
    () => avatarMessages.removed,
    () => avatarMessages.removeFailed,
  );
};
