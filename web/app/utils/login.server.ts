import { endpoints, loginOutcome, validateLogin } from '@animata/contracts';
import type { AppLoadContext } from '@remix-run/node';
import { credentialsAction, type CredentialsResult } from './credentials.server.js';

export type LoginActionResult = CredentialsResult<{ email: string }>;

/**
 * The login form's action (account-and-auth §4.2), shared by the login page and the
 * authorization page's minimal login form: both post here and go on to their `url` field.
 */
export function loginAction(request: Request, context: AppLoadContext) {
  return credentialsAction(request, context, {
    endpoint: endpoints.auth.login,
    twoFactorAction: 'login',
    knownFields: ['email', 'password'],
    read: (form) => ({ email: String(form.get('email') ?? '') }),
    validate: ({ email }, password) => validateLogin({ email, password }),
    body: ({ email }, password, { recaptcha }) => ({ email, password, recaptcha }),
    // The login is repeated with the token; the BFF checked the password before the code.
    retryBody: ({ email }, tfaToken) => ({ email, tfa_token: tfaToken }),
    outcome: loginOutcome,
    valuesWithDialog: false,
  });
}
