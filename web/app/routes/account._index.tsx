import { endpoints, twoFactorMessages } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormNotice } from '../components/ui/form-notice.js';
import type { ConnectionFailure } from '../utils/form-connection.js';
import { TopBar } from '../components/top-bar.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { readForm } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: 'Account settings · Animata' }];

/**
 * The account settings page (account-and-auth §2.1) until the account issue builds its rows;
 * for now it holds the two-factor setting that sign-in's policy reads. Signed out, the visitor
 * goes to /auth/login?url=%2Faccount (with the logged-out notice when their session ended).
 *
 * A weak-password login may come here: the strong-password screen only recommends a new
 * password ('Update later' skips it) and sends the customer here to change it any time.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context, { allowWeakPassword: true });
  return { email: customer.email, twoFactorEnabled: customer.twoFactorEnabled };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readForm(request);
  if (!read.ok) return redirectWithNotification('/account', notify('error', read.notice));
  const enabled = read.form.get('twoFactor') === 'on';
  const client = api(request, context);
  const result = await client.call(endpoints.account.twoFactor, { enabled });
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return redirectWithNotification('/account', notify('error', result.error.notice));
  }
  return redirectWithNotification(
    '/account',
    notify('success', enabled ? twoFactorMessages.settingOn : twoFactorMessages.settingOff),
  );
}

export default function Account() {
  const { email, twoFactorEnabled } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow">
        <header className="page-header">
          <h1>Account settings</h1>
          <p className="muted">Signed in as {email}.</p>
        </header>
        <section className="card setting" aria-labelledby="two-factor-title">
          <div>
            <h2 id="two-factor-title">{twoFactorMessages.settingTitle}</h2>
            <p className="muted">
              {twoFactorEnabled
                ? 'On: every login asks for a 6-digit code we email you.'
                : 'Off: turn it on to confirm every login with a 6-digit code we email you.'}
            </p>
          </div>
          <Form method="post">
            <FormNotice>{useActionData<ConnectionFailure>()?.notice}</FormNotice>
            <input type="hidden" name="twoFactor" value={twoFactorEnabled ? 'off' : 'on'} />
            <SubmitButton variant="ghost" disabled={saving} aria-pressed={twoFactorEnabled}>
              {twoFactorEnabled ? 'Turn off' : 'Turn on'}
            </SubmitButton>
          </Form>
        </section>
        <section className="card empty-state" aria-labelledby="account-soon">
          <h2 id="account-soon">More settings soon</h2>
          <p>Your name, e-mail, password, avatar and newsletter choice will be editable here.</p>
          <p>
            <Link to="/" className="button button--ghost">
              Go to the home page
            </Link>
          </p>
        </section>
      </main>
    </>
  );
}
