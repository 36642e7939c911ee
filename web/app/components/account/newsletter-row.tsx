import { accountLabels, accountMessages, pagePaths } from '@animata/contracts';
import { Link, useFetcher, useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.js';
import { useConfirming } from './editing.js';

/**
 * 'Receiving newsletters' (§2.1, §4.1). The switch sends `unsubscribed` as the inverse of the
 * new state; turning it off asks first ('Newsletter subscription', 'Unsubscribe'). The posts go
 * through one fetcher, so a newer one aborts the one still pending, and the switch shows the
 * state being sent. Without JavaScript, turning it on is a form post and turning it off opens
 * the dialog from the address (`?confirm=newsletter`).
 */
export function NewsletterRow({ unsubscribed }: { unsubscribed: boolean }) {
  const fetcher = useFetcher({ key: 'newsletter' });
  const navigate = useNavigate();
  const confirmingFromAddress = useConfirming() === 'newsletter';
  const [asking, setAsking] = useState(false);
  const sending = fetcher.formData?.get('unsubscribed');
  const subscribed = typeof sending === 'string' ? sending === 'false' : !unsubscribed;
  const closeDialog = () => {
    setAsking(false);
    if (confirmingFromAddress)
      navigate(pagePaths.account, { replace: true, preventScrollReset: true });
  };
  const switchProps = {
    role: 'switch',
    'aria-checked': subscribed,
    'aria-labelledby': 'account-row-newsletter',
    'aria-describedby': 'account-newsletter-note',
    className: `switch${subscribed ? ' switch--on' : ''}`,
  } as const;
  return (
    <section className="account-row account-row--inline" aria-labelledby="account-row-newsletter">
      <div className="account-row__head">
        <div>
          <h2 id="account-row-newsletter" className="account-row__label">
            {accountLabels.newsletter}
          </h2>
          <p id="account-newsletter-note" className="account-row__note muted">
            {accountMessages.newsletterNote}
          </p>
        </div>
        {subscribed ? (
          <Link
            {...switchProps}
            to={`${pagePaths.account}?confirm=newsletter`}
            preventScrollReset
            replace
            onClick={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
          >
            <span className="switch__thumb" aria-hidden="true" />
          </Link>
        ) : (
          <fetcher.Form method="post" action={pagePaths.account} preventScrollReset>
            <input type="hidden" name="intent" value="newsletter" />
            <input type="hidden" name="unsubscribed" value="false" />
            <button type="submit" {...switchProps}>
              <span className="switch__thumb" aria-hidden="true" />
            </button>
          </fetcher.Form>
        )}
      </div>
      <ConfirmDialog
        open={asking || confirmingFromAddress}
        title={accountMessages.newsletterConfirmTitle}
        confirmLabel={accountMessages.newsletterConfirmButton}
        intent="newsletter"
        fields={{ unsubscribed: 'true' }}
        onClose={closeDialog}
        onConfirm={() => setAsking(false)}
        as={fetcher.Form}
      >
        <p>{accountMessages.newsletterConfirmText}</p>
      </ConfirmDialog>
    </section>
  );
}
