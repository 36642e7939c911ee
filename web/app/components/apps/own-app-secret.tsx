import { maskedSecret, ownAppsTexts, type OwnApp } from '@animata/contracts';
import { useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z"
        fill="currentColor"
      />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

/**
 * The Secret Key cell (billing-teams-apps §2, decision 81): `sk_` with the last four characters
 * masked, and right after create or regenerate the eye toggle that shows the full key.
 */
export function OwnAppSecret({ app, secret }: { app: OwnApp; secret: string | null }) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  const visible = secret !== null && shown;
  return (
    <span className="own-app-secret">
      <code className="own-app-secret__value" data-testid="secret-key">
        {visible ? secret : maskedSecret(secret?.slice(-4) ?? app.secretHint)}
      </code>
      {secret !== null && hydrated ? (
        <button
          type="button"
          className="icon-button own-app-secret__toggle"
          aria-pressed={shown}
          aria-label={shown ? ownAppsTexts.hideSecret : ownAppsTexts.showSecret}
          title={shown ? ownAppsTexts.hideSecret : ownAppsTexts.showSecret}
          onClick={() => setShown((value) => !value)}
        >
          <EyeIcon crossed={shown} />
        </button>
      ) : null}
    </span>
  );
}

/**
 * The one time a new secret key is shown in full (decision 81): the notice, the key in a
 * read-only field, and with JavaScript a copy button.
 */
export function FreshSecret({
  name,
  secret,
  created,
}: {
  name: string;
  secret: string;
  created: boolean;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const id = 'fresh-secret';
  return (
    <section className="card own-apps-fresh" role="status" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {created ? ownAppsTexts.created(name) : ownAppsTexts.regenerated(name)}
      </h2>
      <p>{ownAppsTexts.secretOnce}</p>
      <div className="own-apps-fresh__key">
        <label htmlFor={id} className="visually-hidden">
          {ownAppsTexts.secretLabel(name)}
        </label>
        <input
          id={id}
          readOnly
          value={secret}
          className="own-apps-fresh__input"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(secret);
              } catch {
                // No clipboard permission: leave the key selected for Ctrl+C.
                document.getElementById(id)?.focus();
              }
              setCopied(true);
            }}
          >
            {copied ? ownAppsTexts.copied : ownAppsTexts.copy}
          </button>
        ) : null}
      </div>
    </section>
  );
}
