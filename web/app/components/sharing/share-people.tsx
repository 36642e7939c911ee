import {
  mayEdit,
  sharingMessages,
  teamMessages,
  type InheritedShare,
  type ShareAccess,
  type ShareCustomer,
  type ShareEntry,
  type SharingInvite,
} from '@animata/contracts';
import { Link } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { SubmitButton } from '../ui/submit-button.js';
import { useShareForm } from './use-share-form.js';

/** The 'People with access' heading's id (the dialog moves the focus there). */
export const SHARE_PEOPLE_TITLE_ID = 'share-people-title';

const accessText = (access: ShareAccess) =>
  access === 'edit' ? sharingMessages.edit : sharingMessages.view;

/**
 * Who has access (§3, §4): the owner first, the customers with their access (changed or
 * removed by the owner; edit only for team members), the invites shown as Pending (revoked by
 * the owner) and what reaches the item through a folder above it (changed on that folder).
 */
export function SharePeople({
  owner,
  ownerIsYou,
  customers,
  invites,
  inherited,
  editAllowedEmails,
  manages,
  removes,
  removeHref,
  onRemove,
}: {
  owner: ShareCustomer;
  ownerIsYou: boolean;
  customers: ShareEntry[];
  invites: SharingInvite[];
  inherited: InheritedShare[];
  editAllowedEmails: string[];
  manages: boolean;
  /** The owner whatever their plan: may remove grants and revoke invites. */
  removes: boolean;
  /** The address of the removal question for a customer (works without JavaScript). */
  removeHref: (customer: ShareCustomer) => string;
  /** With JavaScript: opens the question in place. */
  onRemove: (customer: ShareCustomer) => void;
}) {
  const reached = inherited.flatMap((share) => {
    const who: ShareCustomer | null =
      share.customer ??
      (share.team ? { id: `team-${share.team.id}`, name: share.team.title, email: 'Team' } : null);
    return who ? [{ share, who }] : [];
  });
  return (
    <section className="share-section" aria-labelledby={SHARE_PEOPLE_TITLE_ID}>
      {/* Takes the focus after a removal or a revoke (its row and button are gone). */}
      <h3 id={SHARE_PEOPLE_TITLE_ID} className="share-section__title" tabIndex={-1}>
        People with access
      </h3>
      <ul className="share-list">
        <li className="share-row" data-testid="share-row">
          <Who person={owner} you={ownerIsYou} />
          <span className="chip share-row__chip">{sharingMessages.owner}</span>
        </li>
        {customers
          .filter((entry) => !entry.isOwner)
          .map((entry) => (
            <li key={entry.shareId} className="share-row" data-testid="share-row">
              <Who person={entry.customer} />
              {manages ? (
                <AccessForm
                  entry={entry}
                  editAllowed={mayEdit(entry.customer.email, editAllowedEmails)}
                />
              ) : (
                <span className="share-row__access">{accessText(entry.access)}</span>
              )}
              {removes ? (
                <RemoveControl
                  customer={entry.customer}
                  href={removeHref(entry.customer)}
                  onRemove={onRemove}
                />
              ) : null}
            </li>
          ))}
        {invites.map((invite) => (
          <InviteRow key={invite.id} invite={invite} removes={removes} />
        ))}
        {reached.map(({ share, who }) => (
          <li
            key={`${share.label.id}-${who.id}`}
            className="share-row share-row--inherited"
            data-testid="share-row"
          >
            <Who person={who} note={sharingMessages.inheritedFrom(share.label.title)} />
            <span className="share-row__access">{accessText(share.access)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Remove: with JavaScript a button that opens the question in place; without, a link to the
 * question's address (the page draws it as its own dialog).
 */
function RemoveControl({
  customer,
  href,
  onRemove,
}: {
  customer: ShareCustomer;
  href: string;
  onRemove: (customer: ShareCustomer) => void;
}) {
  const hydrated = useHydrated();
  const common = {
    className: 'button button--ghost button--small share-row__remove',
    'aria-label': `Remove access for ${customer.email}`,
  };
  return hydrated ? (
    <button type="button" {...common} onClick={() => onRemove(customer)}>
      Remove
    </button>
  ) : (
    <Link to={href} {...common} preventScrollReset replace>
      Remove
    </Link>
  );
}

function Who({
  person,
  you = false,
  note,
}: {
  person: ShareCustomer;
  you?: boolean;
  note?: string;
}) {
  return (
    <span className="share-row__who">
      <span className="share-row__name">
        {person.name}
        {you ? ' (you)' : ''}
      </span>
      <span className="share-row__email">{person.email}</span>
      {note ? <span className="share-row__note">{note}</span> : null}
    </span>
  );
}

/** A customer's access: chosen from a list; with JavaScript a change is saved at once. */
function AccessForm({ entry, editAllowed }: { entry: ShareEntry; editAllowed: boolean }) {
  const { fetcher, scripted, hydrated, busy } = useShareForm('share-access');
  const id = useId();
  const pending = fetcher.formData?.get('access');
  // Shown at once, until the post and the reload after it are over.
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    if (fetcher.state === 'idle') setLocal(null);
  }, [fetcher.state]);
  const value = local ?? (typeof pending === 'string' ? pending : entry.access);
  return (
    <fetcher.Form method="post" preventScrollReset className="share-row__access-form">
      <input type="hidden" name="intent" value="share-access" />
      <input type="hidden" name="share" value={entry.shareId} />
      {scripted}
      <label htmlFor={id} className="visually-hidden">
        Access for {entry.customer.email}
      </label>
      <select
        id={id}
        name="access"
        className="share-select share-select--small"
        value={value}
        // Not disabled while a change is posted: a disabled control loses the focus.
        aria-disabled={busy || undefined}
        onChange={(event) => {
          if (busy) return;
          // With JavaScript a choice is saved at once (without, it waits for Change).
          setLocal(event.currentTarget.value);
          if (hydrated) fetcher.submit(event.currentTarget.form);
        }}
      >
        <option value="view">{sharingMessages.view}</option>
        <option value="edit" disabled={!editAllowed && entry.access !== 'edit'}>
          {editAllowed ? sharingMessages.edit : sharingMessages.editOnlyForTeamMembers}
        </option>
      </select>
      {hydrated ? null : (
        <SubmitButton variant="ghost" aria-label={`Change access for ${entry.customer.email}`}>
          Change
        </SubmitButton>
      )}
    </fetcher.Form>
  );
}

function InviteRow({ invite, removes }: { invite: SharingInvite; removes: boolean }) {
  const { fetcher, scripted, busy } = useShareForm('share-revoke');
  return (
    <li className="share-row share-row--invite" data-testid="share-row">
      <span className="share-row__who">
        <span className="share-row__name">{invite.recipientEmail}</span>
        <span className="share-row__email">{accessText(invite.grantAccess)}</span>
      </span>
      <span className="chip chip--muted share-row__chip">
        {invite.status === 'refused' ? teamMessages.rejected : sharingMessages.pending}
      </span>
      {removes ? (
        <fetcher.Form method="post" preventScrollReset className="share-row__revoke">
          <input type="hidden" name="intent" value="share-revoke" />
          <input type="hidden" name="invite" value={invite.id} />
          {scripted}
          <SubmitButton
            variant="ghost"
            pending={busy}
            aria-label={`Remove invite: ${invite.recipientEmail}`}
          >
            Remove
          </SubmitButton>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
