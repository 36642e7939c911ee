import {
  dayOfExpiry,
  expiryError,
  expiryOfDay,
  PUBLIC_LINK_PASSWORD_MAX,
  publicLinkPasswordError,
  sharingMessages,
  type PublicLink,
} from '@animata/contracts';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { SubmitButton } from '../ui/submit-button.js';
import { ShareReportContext, useShareForm } from './use-share-form.js';

/**
 * Link sharing (§4): private or public, the selector sets the project's public flag; while
 * public the link with Copy ('Link was copied to clipboard'). Beyond the spec: an optional expiry
 * day and password (decision 246).
 */
export function SharePublicLink({
  link,
  manages,
  removes,
  origin,
}: {
  link: PublicLink;
  manages: boolean;
  /** The owner whatever their plan: may make a public link private. */
  removes: boolean;
  /** The site's address, for a link the BFF gives as a path. */
  origin: string;
}) {
  const { fetcher, scripted, hydrated, busy } = useShareForm('share-public');
  const pending = fetcher.formData?.get('isPublic');
  // The choice shows at once (a controlled radio would otherwise spring back until the post's
  // state arrives), until the post and the reload after it are over.
  const [choice, setChoice] = useState<boolean | null>(null);
  useEffect(() => {
    if (fetcher.state === 'idle') setChoice(null);
  }, [fetcher.state]);
  const isPublic = choice ?? (typeof pending === 'string' ? pending === '1' : link.isPublic);
  return (
    <section className="share-section" aria-labelledby="share-link-title">
      <h3 id="share-link-title" className="share-section__title">
        Link sharing
      </h3>
      <fetcher.Form method="post" preventScrollReset className="share-public">
        <input type="hidden" name="intent" value="share-public" />
        {scripted}
        <fieldset className="share-public__choice" aria-disabled={busy || undefined}>
          <legend className="visually-hidden">Who can open the link</legend>
          {(['0', '1'] as const).map((value) => (
            <label key={value} className="share-radio">
              <input
                type="radio"
                name="isPublic"
                value={value}
                // Public needs pro access; private only the owner, while the link is public.
                disabled={value === '1' ? !manages : !(manages || (removes && link.isPublic))}
                checked={isPublic === (value === '1')}
                onChange={(event) => {
                  // Ignored while a change is posted (not disabled: that would lose the focus).
                  if (busy) return;
                  // With JavaScript a choice is saved at once (without, it waits for Save).
                  setChoice(value === '1');
                  if (hydrated) fetcher.submit(event.currentTarget.form);
                }}
              />
              <span>
                <span className="share-radio__label">
                  {value === '1' ? sharingMessages.public : sharingMessages.private}
                </span>
                <span className="share-radio__hint">
                  {value === '1'
                    ? 'Anyone with the link can play the animation'
                    : 'Only people with access can open it'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {hydrated || !(manages || (removes && link.isPublic)) ? null : (
          <SubmitButton variant="ghost">Save</SubmitButton>
        )}
      </fetcher.Form>
      {link.isPublic && link.url ? (
        <>
          <CopyLink url={link.url.startsWith('/') ? `${origin}${link.url}` : link.url} />
          {manages ? <LinkSettings link={link} /> : null}
        </>
      ) : null}
    </section>
  );
}

function CopyLink({ url }: { url: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { report } = useContext(ShareReportContext);
  const scripted = useHydrated();
  const absolute = url;
  return (
    <div className="field share-copy">
      <label htmlFor={id} className="field__label">
        Public link
      </label>
      <div className="share-copy__row">
        <input
          ref={inputRef}
          id={id}
          className="share-copy__url"
          readOnly
          value={absolute}
          onFocus={(event) => event.currentTarget.select()}
        />
        {scripted ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(absolute);
                report({
                  share: true,
                  intent: 'share-public',
                  ok: true,
                  notice: sharingMessages.linkCopied,
                });
              } catch {
                // No clipboard permission: the link is selected for Ctrl+C.
                inputRef.current?.focus();
                inputRef.current?.select();
              }
            }}
          >
            Copy link
          </button>
        ) : null}
      </div>
    </div>
  );
}

function LinkSettings({ link }: { link: PublicLink }) {
  const { fetcher, scripted, hydrated, busy, refusal } = useShareForm('share-link-settings');
  const id = useId();
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(new Date().getTimezoneOffset()), []);
  const [day, setDay] = useState(refusal?.values?.expires ?? dayOfExpiry(link.expiresAt));
  // The saved day where the browser is (its offset known once hydrated), and after each save.
  const keepTyped = Boolean(refusal?.values?.expires);
  useEffect(() => {
    if (hydrated && !keepTyped) setDay(dayOfExpiry(link.expiresAt, offset));
  }, [hydrated, keepTyped, link.expiresAt, offset]);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const expiresAt = day === '' ? null : expiryOfDay(day, offset);
  const dayProblem =
    day !== '' && expiresAt === null ? sharingMessages.expiryInPast : expiryError(expiresAt);
  const passwordProblem = publicLinkPasswordError(password);
  const shownDay =
    (submitted || day !== '' ? dayProblem : undefined) ?? refusal?.fieldErrors?.expires;
  const shownPassword =
    (submitted || password.length >= 4 ? passwordProblem : undefined) ??
    refusal?.fieldErrors?.password;
  // A saved change starts the password field afresh.
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true ? fetcher.data : null;
  useEffect(() => {
    if (!saved) return;
    setPassword('');
    setSubmitted(false);
  }, [saved]);
  return (
    <details className="share-settings" open={Boolean(refusal) || undefined}>
      <summary className="share-settings__summary">Link settings</summary>
      <fetcher.Form
        method="post"
        preventScrollReset
        noValidate
        className="share-settings__form"
        onSubmit={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          setSubmitted(true);
          if (dayProblem || passwordProblem) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="share-link-settings" />
        <input type="hidden" name="tzOffset" value={String(offset)} />
        {scripted}
        <div className={`field${shownDay ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-expires`} className="field__label">
            Expires on (optional)
          </label>
          <div className="field__control">
            <input
              id={`${id}-expires`}
              type="date"
              name="expires"
              value={day}
              aria-invalid={shownDay ? true : undefined}
              aria-describedby={shownDay ? `${id}-expires-error` : undefined}
              onChange={(event) => setDay(event.target.value)}
            />
          </div>
          {shownDay ? (
            <p id={`${id}-expires-error`} className="field__error" role="alert">
              {shownDay}
            </p>
          ) : null}
        </div>
        <div className={`field${shownPassword ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-password`} className="field__label">
            {link.hasPassword ? 'New password (optional)' : 'Password (optional)'}
          </label>
          <div className="field__control">
            <input
              id={`${id}-password`}
              type="password"
              name="password"
              autoComplete="new-password"
              maxLength={PUBLIC_LINK_PASSWORD_MAX}
              value={password}
              aria-invalid={shownPassword ? true : undefined}
              aria-describedby={shownPassword ? `${id}-password-error` : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {shownPassword ? (
            <p id={`${id}-password-error`} className="field__error" role="alert">
              {shownPassword}
            </p>
          ) : null}
        </div>
        {link.hasPassword ? (
          <label className="share-check">
            <input type="checkbox" name="removePassword" />
            <span>Remove the password</span>
          </label>
        ) : null}
        <SubmitButton variant="ghost" aria-disabled={busy || undefined}>
          Save link settings
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}
