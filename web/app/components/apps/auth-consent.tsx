import { accountTexts, appAuthMessages, pagePaths, type AppAuthMessage } from '@animata/contracts';
import { Form, Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppAuthDecision, AppAuthView } from '../../utils/apps/app-auth.server.js';
import type { LoginActionResult } from '../../utils/login.server.js';
import { useHydrated } from '../../utils/use-hydrated.js';
import { LoginForm } from '../auth/login-form.js';
import { SubmitButton } from '../ui/submit-button.js';
import {
  ANOTHER_ACCOUNT_PARAM,
  AUTHORIZE_INTENT,
  deniedMessage,
  DENY_INTENT,
  readAppAuthParams,
  redirectTarget,
  RESPOND_FIELD,
} from './auth-result.js';
import {
  AuthLoading,
  InvalidRedirect,
  InvalidRequest,
  NoApp,
  NoWindow,
  RedirectNotAllowed,
} from './auth-screen.js';

type ConsentView = Extract<AppAuthView, { kind: 'consent' }>;

/** §4.7: the first response is the only one that counts. */
type Phase = 'idle' | 'loading' | 'responded';

/** What replaces the consent once the flow has ended on this page. */
type Ending =
  { kind: 'no-window' } | { kind: 'returning' } | Exclude<AppAuthView, { kind: 'consent' }>;

/** How long the page waits to be left after sending the browser to the redirect URI (§9). */
const REDIRECT_NOTICE_MS = 500;
/** How often the popup checks that its opener is still open (§9). */
const OPENER_POLL_MS = 100;

/**
 * Whether the window that opened the popup is gone (§4.7: polled every 100 ms). Before the
 * page runs nobody knows, hence null.
 */
function useOpenerGone(active: boolean): boolean | null {
  const [gone, setGone] = useState<boolean | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const check = () => {
      const opener = window.opener as Window | null;
      setGone(opener === null || opener.closed);
    };
    check();
    const timer = window.setInterval(check, OPENER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return gone;
}

/**
 * The consent, or the minimal login form for a signed-out visitor (account-and-auth §2.7, §4.7;
 * decision 82). Without JavaScript Authorize and Deny post to the page's action, which answers a
 * 302 to the registered redirect URI; with it the action answers the decision as data and the
 * page sends the browser there itself, or posts the message to the opener at the registered
 * origin and closes.
 */
export function Consent({
  view,
  loginResult,
}: {
  view: ConsentView;
  loginResult: LoginActionResult | undefined;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const params = readAppAuthParams(search);
  const popup = view.mode.kind === 'popup';
  const openerGone = useOpenerGone(hydrated && popup);
  const fetcher = useFetcher();
  const [phase, setPhase] = useState<Phase>('idle');
  const [ending, setEnding] = useState<Ending | null>(null);
  const [anotherAccount, setAnotherAccount] = useState(search.has(ANOTHER_ACCOUNT_PARAM));
  const responded = useRef(false);
  // Revealing the login form moves the keyboard focus into it.
  const account = useRef<HTMLDivElement>(null);
  const revealed = useRef(false);
  useEffect(() => {
    if (anotherAccount && revealed.current)
      account.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  }, [anotherAccount]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const { mode } = view;
  function deliver(message: AppAuthMessage) {
    if (mode.kind === 'redirect') {
      window.location.assign(redirectTarget(mode.uri, message));
      timer.current = window.setTimeout(
        () => setEnding({ kind: 'redirect-not-allowed', url: mode.uri }),
        REDIRECT_NOTICE_MS,
      );
      return;
    }
    const opener = window.opener as Window | null;
    if (mode.origin === null || opener === null || opener.closed) {
      setEnding({ kind: 'no-window' });
      return;
    }
    // Only the app's registered origin may read it (decision 80): never '*'.
    opener.postMessage(message, mode.origin);
    setEnding({ kind: 'returning' });
    window.close();
  }

  function respond(decision: AppAuthDecision) {
    if (responded.current) return;
    responded.current = true;
    setPhase('responded');
    if (decision.kind === 'message') deliver(decision.message);
    else if (decision.kind === 'view') setEnding(decision.view);
  }

  const decision = fetcher.data as AppAuthDecision | undefined;
  useEffect(() => {
    if (fetcher.state === 'idle' && decision) respond(decision);
    // respond reads refs and the view, which do not change while the page lives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, decision]);

  const samePage = location.pathname + location.search;
  function onDecide(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (phase !== 'idle') return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === DENY_INTENT) {
      // Deny needs no call: the redirect URI was checked with the auth info.
      respond({ kind: 'message', message: deniedMessage(view.app.id, params.state), mode });
      return;
    }
    setPhase('loading');
    fetcher.submit(
      { intent: AUTHORIZE_INTENT, [RESPOND_FIELD]: 'data' },
      { method: 'post', action: samePage },
    );
  }

  if (ending?.kind === 'no-app') return <NoApp />;
  if (ending?.kind === 'no-window') return <NoWindow />;
  if (ending?.kind === 'redirect-not-allowed') return <RedirectNotAllowed url={ending.url} />;
  if (ending?.kind === 'invalid-redirect') return <InvalidRedirect {...ending} />;
  if (ending?.kind === 'invalid-request') return <InvalidRequest {...ending} />;
  if (ending?.kind === 'returning') return <AuthLoading label={appAuthMessages.returning} />;

  if (popup) {
    // A popup needs its opener, which only JavaScript can reach.
    if (mode.kind === 'popup' && mode.origin === null) return <NoWindow />;
    if (!hydrated || openerGone === null) {
      return (
        <>
          <AuthLoading label="Loading…" />
          <noscript>
            <NoWindow />
          </noscript>
        </>
      );
    }
    if (openerGone) return <NoWindow />;
  }

  const title = appAuthMessages.titleFor(view.app.name);
  const loginUrl = withoutParam(samePage, ANOTHER_ACCOUNT_PARAM);
  if (view.customer === null) {
    return (
      <>
        <h1 className="auth-title">{title}</h1>
        <LoginForm
          result={loginResult}
          url={loginUrl}
          minimal
          recaptchaSiteKey={view.recaptchaSiteKey}
        />
      </>
    );
  }

  const busy = phase !== 'idle';
  return (
    <>
      <h1 className="auth-title">{title}</h1>
      <p className="app-auth__lead">{appAuthMessages.willBeAbleTo}</p>
      <ul className="app-auth__scopes">
        <li>{appAuthMessages.accessAccountInfo}</li>
        <li>{appAuthMessages.accessProjects}</li>
      </ul>
      <Form method="post" className="app-auth__buttons" onSubmit={onDecide}>
        <SubmitButton
          name="intent"
          value={AUTHORIZE_INTENT}
          pending={busy}
          pendingLabel={
            <>
              <span className="spinner" aria-hidden="true" /> {appAuthMessages.authorize}
            </>
          }
        >
          {appAuthMessages.authorize}
        </SubmitButton>
        <SubmitButton name="intent" value={DENY_INTENT} variant="ghost" disabled={busy}>
          {appAuthMessages.deny}
        </SubmitButton>
      </Form>
      {view.host ? (
        <p className="app-auth__note">{appAuthMessages.redirectHostNote(view.host)}</p>
      ) : null}
      <RevokeNote />
      <div className="app-auth__account" ref={account}>
        <p>{appAuthMessages.loggedInAs(view.customer.email)}</p>
        <Link
          to={withParam(samePage, ANOTHER_ACCOUNT_PARAM)}
          aria-expanded={hydrated ? anotherAccount : undefined}
          onClick={(event) => {
            event.preventDefault();
            revealed.current = true;
            setAnotherAccount((open) => !open);
          }}
        >
          {appAuthMessages.useAnotherAccount}
        </Link>
        {anotherAccount ? (
          <LoginForm
            result={loginResult}
            url={loginUrl}
            minimal
            recaptchaSiteKey={view.recaptchaSiteKey}
          />
        ) : null}
      </div>
    </>
  );
}

function withParam(path: string, name: string): string {
  const url = new URL(path, 'http://page');
  url.searchParams.set(name, '1');
  return url.pathname + url.search;
}

function withoutParam(path: string, name: string): string {
  const url = new URL(path, 'http://page');
  url.searchParams.delete(name);
  return url.pathname + url.search;
}

/** §2.7's note, with 'Account settings' leading to the list where access is revoked. */
function RevokeNote() {
  const [before, after] = appAuthMessages.revokeNote.split(accountTexts.title);
  return (
    <p className="app-auth__note">
      {before}
      <Link to={pagePaths.otherApps} target="_blank" rel="noopener">
        {accountTexts.title}
      </Link>
      {after}
    </p>
  );
}
