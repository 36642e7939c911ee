import { accountTexts, ownMessages, pagePaths, twoFactorMessages } from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AvatarRow } from '../components/account/avatar-row.js';
import { DevicesSection } from '../components/account/devices-section.js';
import { EmailRow } from '../components/account/email-row.js';
import { NameRow } from '../components/account/name-row.js';
import { NewsletterRow } from '../components/account/newsletter-row.js';
import { PasswordRow } from '../components/account/password-row.js';
import { useEditingRow, type AccountActionResult } from '../components/account/editing.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { requireCustomer } from '../utils/auth.server.js';
import type { AccountAction } from '../utils/account/account-action.server.js';
import { removeAvatar, uploadAvatar } from '../utils/account/avatar.server.js';
import {
  saveName,
  savePassword,
  sendPasswordReset,
  setNewsletter,
  setTwoFactor,
} from '../utils/account/profile.server.js';
import {
  loadDevices,
  signOutDevice,
  signOutOtherDevices,
} from '../utils/account/devices.server.js';
import {
  cancelEmailChange,
  loadEmailChange,
  requestEmailChange,
  resendEmailChange,
} from '../utils/account/email.server.js';
import { readForm, textField } from '../utils/form.server.js';
import { useAccountData } from './_account.js';
import cropperStylesUrl from 'react-easy-crop/react-easy-crop.css?url';
import avatarStylesUrl from '../styles/avatar.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

// The 'Set image' cropper's own styles (injected by the library otherwise, which the CSP forbids).
export const links = () => [
  { rel: 'stylesheet', href: cropperStylesUrl },
  { rel: 'stylesheet', href: avatarStylesUrl },
];

export const meta: MetaFunction = () => [{ title: `${accountTexts.title} · Animata` }];

/**
 * Every form of the settings page posts here with an `intent`; each package of the page owns
 * its handlers (utils/account/*.server.ts) and adds them to this table.
 */
const ACTIONS: Record<string, AccountAction> = {
  name: saveName,
  password: savePassword,
  'forgot-password': sendPasswordReset,
  newsletter: setNewsletter,
  'two-factor': setTwoFactor,
  'sign-out-device': signOutDevice,
  'sign-out-others': signOutOtherDevices,
  email: requestEmailChange,
  'email-resend': resendEmailChange,
  'email-cancel': cancelEmailChange,
  avatar: uploadAvatar,
  'remove-avatar': removeAvatar,
};

/**
 * The settings page (account-and-auth §2.1). The layout's loader has the customer object; this
 * one only guards the page itself (an action must not run for a visitor either).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context, { allowWeakPassword: true });
  const [devices, emailChange] = await Promise.all([
    loadDevices(request, context),
    loadEmailChange(request, context),
  ]);
  return { devices, emailChange };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireCustomer(request, context, { allowWeakPassword: true });
  const read = await readForm(request);
  if (!read.ok) {
    return data<AccountActionResult>({ intent: '', notice: read.notice }, { status: read.status });
  }
  const handle = Object.hasOwn(ACTIONS, textField(read.form, 'intent'))
    ? ACTIONS[textField(read.form, 'intent')]
    : undefined;
  if (!handle) {
    return data<AccountActionResult>(
      { intent: '', notice: ownMessages.formUnreadable },
      { status: 400 },
    );
  }
  const answer = await handle({ request, context, form: read.form });
  if (answer instanceof Response) return answer;
  return data<AccountActionResult>(answer.result, { status: answer.status });
}

export default function AccountSettings() {
  const { customer, links } = useAccountData();
  const { devices, emailChange } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as AccountActionResult | undefined;
  const editing = useEditingRow(refused);
  return (
    <main id="main" className="page page--narrow account-page">
      <header className="page-header">
        <h1>{accountTexts.title}</h1>
      </header>
      {/* A notice no row form shows: an unreadable post, or one the network lost. */}
      <FormNotice>{refused?.intent ? undefined : refused?.notice}</FormNotice>
      <div className="card account-rows">
        <AvatarRow
          avatar={customer.avatar}
          name={customer.name}
          editing={editing === 'avatar'}
          refused={refused}
        />
        <NameRow
          // A new key after a save, so the form opens with the stored name next time.
          key={customer.name}
          name={customer.name}
          editing={editing === 'name'}
          refused={refused}
        />
        <EmailRow
          key={`${customer.email} ${emailChange.newEmail ?? ''}`}
          email={customer.email}
          hasPassword={customer.hasPassword}
          pending={emailChange}
          editing={editing === 'email'}
          refused={refused}
        />
        <PasswordRow
          hasPassword={customer.hasPassword}
          editing={editing === 'password'}
          refused={refused}
        />
        <NewsletterRow unsubscribed={customer.unsubscribed} />
      </div>
      <TwoFactorSetting />
      <DevicesSection devices={devices} />
      <footer className="account-links">
        <a href={pagePaths.cookies}>{accountTexts.cookieSettings}</a>
        <a href={links.marketingSite}>{accountTexts.marketingSite}</a>
        <a href={links.editor}>{accountTexts.editor}</a>
      </footer>
    </main>
  );
}

/** Two-factor by e-mail: sign-in asks for a code at every login when it is on. */
function TwoFactorSetting() {
  const { session } = useAccountData();
  const navigation = useNavigation();
  const saving =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'two-factor';
  const enabled = session.twoFactorEnabled;
  return (
    <section className="card setting" aria-labelledby="two-factor-title">
      <div>
        <h2 id="two-factor-title">{twoFactorMessages.settingTitle}</h2>
        <p className="muted">
          {enabled
            ? 'On: every login asks for a 6-digit code we email you.'
            : 'Off: turn it on to confirm every login with a 6-digit code we email you.'}
        </p>
      </div>
      <Form method="post" action={pagePaths.account} preventScrollReset>
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="twoFactor" value={enabled ? 'off' : 'on'} />
        <SubmitButton variant="ghost" pending={saving} aria-pressed={enabled}>
          {enabled ? 'Turn off' : 'Turn on'}
        </SubmitButton>
      </Form>
    </section>
  );
}
