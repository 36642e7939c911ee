import {
  endpoints,
  type AuthOptionsResponse,
  type Endpoint,
  type FieldErrors,
  type LoginOutcome,
  type SiteCoupon,
  type TwoFactorAction,
} from '@animata/contracts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { api, formFailure } from './api.server.js';
import { redirectIfSignedIn } from './auth.server.js';
import { notify, redirectWithNotification } from './notification.server.js';
import { formRefused, readForm, textField } from './form.server.js';
import { returnTo } from './redirects.js';
import { openTwoFactor, runTwoFactorStep, type TwoFactorState } from './two-factor.server.js';

/** The login and registration pages: their loader and their one action. */

export async function getAuthOptions(
  request: Request,
  context: AppLoadContext,
): Promise<AuthOptionsResponse> {
  const result = await api(request, context).call(endpoints.auth.options);
  return result.ok ? result.data : { socialProviders: [], recaptchaSiteKey: null };
}

/** The site coupon the login and registration pages advertise, if one exists. */
export async function getSiteCoupon(
  request: Request,
  context: AppLoadContext,
): Promise<SiteCoupon | null> {
  const result = await api(request, context).call(endpoints.coupons.site);
  return result.ok ? result.data.coupon : null;
}

/**
 * The loader of the login and registration pages: signed-in visitors go on to where they were
 * headed; the rest get the social providers, the reCAPTCHA key and the site coupon.
 */
export async function loadCredentialsPage(request: Request, context: AppLoadContext) {
  await redirectIfSignedIn(request, context);
  const [options, coupon] = await Promise.all([
    getAuthOptions(request, context),
    getSiteCoupon(request, context),
  ]);
  return {
    socialProviders: options.socialProviders,
    recaptchaSiteKey: options.recaptchaSiteKey,
    coupon,
  };
}

/** What the login or registration form shows after a post that did not lead elsewhere. */
export interface CredentialsResult<Values> {
  fieldErrors?: FieldErrors;
  notice?: string;
  /** The fields the form shows again (never the password). */
  values?: Values;
  twoFactor?: TwoFactorState;
}

/** What differs between the login and the registration form; the rest is credentialsAction. */
export interface CredentialsForm<Values extends { email: string }, Body, Answer> {
  endpoint: Endpoint<Body, Answer>;
  /** The challenge the two-factor dialog opens, and the code is bound to. */
  twoFactorAction: TwoFactorAction;
  /** Fields whose 422 entries become field errors; the others become the form's notice. */
  knownFields: readonly string[];
  /** The form's fields other than the password, as they come back to it. */
  read(form: FormData): Values;
  /** The contracts' rules, so a post without JavaScript gets the live feedback's messages. */
  validate(values: Values, password: string): FieldErrors;
  /** The first submit's body. `recaptcha` is the form's token, when it carried one. */
  body(values: Values, password: string, extra: { redirectTo: string; recaptcha?: string }): Body;
  /** The body repeated with the verified two-factor token (the BFF kept the checked password). */
  retryBody(values: Values, tfaToken: string): Body;
  /** Where a successful answer leads: the dialog, an error, or a redirect. */
  outcome(answer: Answer, redirectTo: string): LoginOutcome;
  /**
   * Whether the values come back while the two-factor dialog is open. Registration needs its
   * name there (the dialog's hidden fields repeat it); the login dialog carries the address.
   */
  valuesWithDialog: boolean;
}

/**
 * The action of the login and registration forms (account-and-auth §4.2, §4.4): the
 * two-factor dialog's steps (cancel, send, check the code, then repeat the request with its
 * token), the contracts' validation, the BFF call, its 422 field errors (429 kept), the cookies
 * the BFF set, and the redirect that follows success.
 */
export async function credentialsAction<Values extends { email: string }, Body, Answer>(
  request: Request,
  context: AppLoadContext,
  form: CredentialsForm<Values, Body, Answer>,
) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const formData = read.form;
  const client = api(request, context);
  const values = form.read(formData);
  const redirectTo = returnTo(formData.get('url'));
  const withDialog = form.valuesWithDialog ? { values } : {};

  async function submit(body: Body) {
    const result = await client.call(form.endpoint, body, { knownFields: form.knownFields });
    if (!result.ok) return formFailure(result, { values }, { headers: result.headers });
    const outcome = form.outcome(result.data, redirectTo);
    if (outcome.kind === 'two-factor') {
      return data<CredentialsResult<Values>>(
        { twoFactor: openTwoFactor(form.twoFactorAction, values.email), ...withDialog },
        { headers: result.headers },
      );
    }
    if (outcome.kind === 'error') {
      return data<CredentialsResult<Values>>({ notice: outcome.message, values }, { status: 422 });
    }
    const headers = result.headers;
    return outcome.notice
      ? redirectWithNotification(outcome.to, notify('success', outcome.notice), { headers })
      : redirect(outcome.to, { headers });
  }

  const step = await runTwoFactorStep(formData, client, form.twoFactorAction);
  if (step.kind === 'cancelled') return data<CredentialsResult<Values>>({ values });
  if (step.kind === 'pending') {
    return data<CredentialsResult<Values>>(
      { twoFactor: step.state, ...withDialog },
      { status: step.status, headers: step.headers },
    );
  }
  if (step.kind === 'verified') return submit(form.retryBody(values, step.token));

  const password = textField(formData, 'password');
  const fieldErrors = form.validate(values, password);
  if (Object.keys(fieldErrors).length > 0) {
    return data<CredentialsResult<Values>>({ fieldErrors, values }, { status: 422 });
  }
  const recaptcha = formData.get('recaptcha');
  const token = typeof recaptcha === 'string' && recaptcha ? { recaptcha } : {};
  return submit(form.body(values, password, { redirectTo, ...token }));
}
