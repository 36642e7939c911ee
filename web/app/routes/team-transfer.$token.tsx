import { endpoints, fillPath, pagePaths, teamMessages } from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { TopBar } from '../components/top-bar.js';
import { FormNotice } from '../components/ui/form-notice.js';
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

export const meta: MetaFunction = () => [
  { title: 'Confirm the new team owner · Animata' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The ownership-transfer e-mail's link (ours, beyond the spec): opening it changes nothing; the
 * owner and the administrator each confirm with the button, signed in as themselves.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ notice: read.notice }, { status: read.status });
  const client = api(request, context);
  const result = await client.call(endpoints.teams.confirmTransfer, undefined, {
    params: { token: params.token ?? '' },
  });
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return data(
      { notice: result.error.notice || teamMessages.transferLinkInvalid },
      { status: 422 },
    );
  }
  return redirectWithNotification(
    `${fillPath(pagePaths.team, {})}?manage=${encodeURIComponent(result.data.teamId)}`,
    notify('success', result.data.message),
  );
}

export default function TeamTransferPage() {
  const answer = useActionData<typeof action>() as { notice?: string } | undefined;
  const submitting = useNavigation().state === 'submitting';
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow">
        <header className="page-header">
          <h1>Confirm the new team owner</h1>
          <p className="muted">
            Ownership of the team moves once both the owner and the new owner have confirmed.
          </p>
        </header>
        <section className="card" aria-label="Confirmation">
          <FormNotice>{answer?.notice}</FormNotice>
          <Form method="post">
            <SubmitButton pending={submitting}>Confirm</SubmitButton>
          </Form>
        </section>
      </main>
    </>
  );
}
