import {
  catalogueMessages,
  endpoints,
  formatDateTime,
  isForwarded,
  OUTBOX_KEY_PARAM,
  outboxPageAddress,
  outboxTexts,
  type OutboxMail,
} from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormNotice } from '../components/ui/form-notice.js';
import type { ConnectionFailure } from '../utils/form-connection.js';
import { TopBar } from '../components/top-bar.js';
import { LinkedText } from '../components/ui/linked-text.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { readForm } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [
  { title: `${outboxTexts.title} · Animata` },
  { name: 'robots', content: 'noindex' },
];

/**
 * The key of the page's address (`/dev/outbox?key=…`, printed on the console at start), passed
 * on to the BFF, which decides. A request through a proxy is refused here already: the BFF sees
 * the visitor's address as its peer, not the proxy's headers.
 */
function outboxKey(request: Request): string {
  if (isForwarded((header) => request.headers.has(header))) {
    throw new Response(catalogueMessages.notFound, { status: 404 });
  }
  return new URL(request.url).searchParams.get(OUTBOX_KEY_PARAM) ?? '';
}

/** The mails the outbox transport kept (no SMTP_URL). The BFF answers 404 in production. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const key = outboxKey(request);
  const client = api(request, context);
  const { items } = await client.expect(
    client.call(endpoints.dev.outbox, undefined, { query: { [OUTBOX_KEY_PARAM]: key } }),
  );
  return { items };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const key = outboxKey(request);
  // Back to the page with its key, so that it stays readable after the post.
  const page = outboxPageAddress(key);
  const client = api(request, context);
  const read = await readForm(request);
  if (!read.ok) return redirectWithNotification(page, notify('error', read.notice));
  if (read.form.get('intent') !== 'clear') {
    return redirectWithNotification(page, notify('error', outboxTexts.unknownAction));
  }
  const result = await client.call(endpoints.dev.clearOutbox, undefined, {
    query: { [OUTBOX_KEY_PARAM]: key },
  });
  if (result.ok) {
    return redirectWithNotification(page, notify('success', outboxTexts.cleared));
  }
  if (result.error.kind === 'logged-out') throw client.toLogin();
  if (result.error.kind === 'not-found') throw new Response(result.error.notice, { status: 404 });
  return redirectWithNotification(page, notify('error', result.error.notice));
}

export default function DevOutbox() {
  const { items } = useLoaderData<typeof loader>();
  const failure = useActionData<ConnectionFailure>();
  const navigation = useNavigation();
  const clearing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'clear';
  return (
    <>
      <TopBar />
      <main className="page">
        <header className="page-header">
          <div>
            <h1>{outboxTexts.title}</h1>
            <p className="muted">{outboxTexts.intro}</p>
          </div>
          {items.length > 0 ? (
            <Form method="post">
              <FormNotice>{failure?.notice}</FormNotice>
              <SubmitButton
                name="intent"
                value="clear"
                variant="danger"
                pending={clearing}
                pendingLabel={outboxTexts.clearing}
              >
                {outboxTexts.clear}
              </SubmitButton>
            </Form>
          ) : null}
        </header>
        {items.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">{outboxTexts.empty}</p>
            <p>{outboxTexts.emptyHint}</p>
          </div>
        ) : (
          <ol className="outbox" aria-label={outboxTexts.title}>
            {items.map((mail) => (
              <li key={mail.id}>
                <OutboxEntry mail={mail} />
              </li>
            ))}
          </ol>
        )}
      </main>
    </>
  );
}

function OutboxEntry({ mail }: { mail: OutboxMail }) {
  const headingId = `mail-${mail.id}`;
  return (
    <article className="outbox-mail" aria-labelledby={headingId}>
      <header className="outbox-mail__header">
        <h2 id={headingId} className="outbox-mail__subject">
          {mail.subject}
        </h2>
        <dl className="outbox-mail__meta">
          <div>
            <dt>{outboxTexts.to}</dt>
            <dd>{mail.to}</dd>
          </div>
          <div>
            <dt>{outboxTexts.sentAt}</dt>
            <dd>
              <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </header>
      <pre className="outbox-mail__text">
        <LinkedText text={mail.text} />
      </pre>
      {mail.html ? (
        <details className="outbox-mail__html">
          <summary>{outboxTexts.htmlVersion}</summary>
          {/* An empty sandbox: no scripts, no forms, no navigation out of the preview. */}
          <iframe
            title={`${outboxTexts.htmlVersion}: ${mail.subject}`}
            sandbox=""
            srcDoc={mail.html}
          />
        </details>
      ) : null}
    </article>
  );
}
