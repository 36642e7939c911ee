/**
 * How developer apps are named to the outside (billing-teams-apps §2): the App ID is shown as
 * `ai_{id}` and the secret key as `sk_{secret}`, 32 characters each, so the stored id and secret
 * are 29 lowercase letters and digits. Every place that reads an app id from outside (a query
 * string, a token request) goes through `parseAppId`, which takes the id with or without `ai_`.
 */
export const APP_ID_PREFIX = 'ai_';
export const APP_SECRET_PREFIX = 'sk_';
/** Length of a shown App ID or secret key, prefix included. */
export const APP_KEY_LENGTH = 32;
/** Length of the stored id or secret behind the prefix. */
export const APP_KEY_BODY_LENGTH = APP_KEY_LENGTH - APP_ID_PREFIX.length;

const KEY_BODY = new RegExp(`^[a-z0-9]{${APP_KEY_BODY_LENGTH}}$`);

/** `ai_{id}`: the App ID as shown and as handed to the app in results. */
export function displayAppId(id: string): string {
  return `${APP_ID_PREFIX}${id}`;
}

/** The stored id behind `ai_{id}` (or a bare id), or null for anything that cannot be one. */
export function parseAppId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const body = value.startsWith(APP_ID_PREFIX) ? value.slice(APP_ID_PREFIX.length) : value;
  return KEY_BODY.test(body) ? body : null;
}

/** Whether a value has the shape of a secret key (`sk_` and 29 letters or digits). */
export function isSecretKeyShape(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith(APP_SECRET_PREFIX) &&
    KEY_BODY.test(value.slice(APP_SECRET_PREFIX.length))
  );
}

/** The masked secret the table shows once the full one has been shown: `sk_••••…abcd`. */
export function maskedSecret(hint: string): string {
  return `${APP_SECRET_PREFIX}${'•'.repeat(APP_KEY_BODY_LENGTH - hint.length)}${hint}`;
}

/** After a regeneration the previous secret keeps working this long (decision 81). */
export const PREVIOUS_SECRET_OVERLAP_SECONDS = 3600;
