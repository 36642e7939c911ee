import { sharingMessages, type ShareAccess, type TeamShareEntry } from '@animata/contracts';
import { useEffect, useId, useState } from 'react';
import { SubmitButton } from '../ui/submit-button.js';
import { useShareForm } from './use-share-form.js';

interface TeamChoice {
  id: string;
  title: string;
  isOwner?: boolean;
}

/**
 * Team sharing (§4, §6): per team a switch (on grants view, off removes) and the access list
 * (view or edit). Only with team access; to a customer in a lapsed team and in no active one
 * the section says 'Team owner should re-activate subscription'. A team the customer owns is
 * labelled 'Your team'.
 */
export function ShareTeams({
  teams,
  shared,
  manages,
  removes,
  hasTeamAccess,
  planLapsed,
}: {
  teams: TeamChoice[];
  shared: TeamShareEntry[];
  manages: boolean;
  /** The owner whatever their plan: may switch a team off. */
  removes: boolean;
  /** §4: 'The toggle is disabled unless the customer has team access'. */
  hasTeamAccess: boolean;
  /** In a team whose plan expired and in no active one. */
  planLapsed: boolean;
}) {
  // The teams offered, and any the item is shared with that the customer cannot pick.
  const rows: TeamChoice[] = [
    ...teams,
    ...shared
      .filter((entry) => !teams.some((team) => team.id === entry.team.id))
      .map((entry) => entry.team),
  ];
  if (rows.length === 0 && !planLapsed) return null;
  const grants = manages && hasTeamAccess;
  return (
    <section className="share-section" aria-labelledby="share-teams-title">
      <h3 id="share-teams-title" className="share-section__title">
        Teams
      </h3>
      {planLapsed ? (
        <p className="share-note" role="note">
          {sharingMessages.teamOwnerReactivate}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="share-list">
          {rows.map((team) => (
            <TeamRow
              key={team.id}
              team={team}
              access={shared.find((entry) => entry.team.id === team.id)?.access ?? null}
              grants={grants}
              removes={removes}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TeamRow({
  team,
  access,
  grants,
  removes,
}: {
  team: TeamChoice;
  access: ShareAccess | null;
  /** May switch on and choose the access (§4, §6). */
  grants: boolean;
  /** May switch off (removing needs no plan). */
  removes: boolean;
}) {
  const { fetcher, scripted, hydrated, busy } = useShareForm('share-team');
  const id = useId();
  // While a change is posted, the page shows it already.
  const pendingOn = fetcher.formData ? fetcher.formData.get('enabled') === 'on' : null;
  const pendingAccess = fetcher.formData?.get('access');
  // Shown at once (see SharePublicLink), until the post and the reload after it are over.
  const [localOn, setLocalOn] = useState<boolean | null>(null);
  const [localAccess, setLocalAccess] = useState<ShareAccess | null>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle') return;
    setLocalOn(null);
    setLocalAccess(null);
  }, [fetcher.state]);
  const on = localOn ?? pendingOn ?? access !== null;
  const current: ShareAccess =
    localAccess ??
    (typeof pendingAccess === 'string' ? (pendingAccess === 'edit' ? 'edit' : 'view') : null) ??
    access ??
    'view';
  // Off is always allowed to the owner; on and the access list need team access.
  const switchable = grants || (removes && access !== null);
  const submit = (form: HTMLFormElement | null) => {
    if (hydrated && form) fetcher.submit(form);
  };
  return (
    <li className="share-row share-row--team" data-testid="share-team">
      <fetcher.Form method="post" preventScrollReset className="share-team">
        <input type="hidden" name="intent" value="share-team" />
        <input type="hidden" name="team" value={team.id} />
        {scripted}
        <span className="share-row__who">
          <span className="share-row__name">{team.title}</span>
          {team.isOwner ? (
            <span className="chip share-row__chip">{sharingMessages.yourTeam}</span>
          ) : null}
        </span>
        <label className="share-switch">
          <input
            type="checkbox"
            role="switch"
            name="enabled"
            className="share-switch__input"
            checked={on}
            disabled={!switchable}
            // Not disabled while a change is posted: a disabled control loses the focus.
            aria-disabled={busy || undefined}
            aria-label={`Share with ${team.title}`}
            onChange={(event) => {
              if (busy) return;
              // On grants view (§4).
              if (event.currentTarget.checked) setLocalAccess('view');
              setLocalOn(event.currentTarget.checked);
              submit(event.currentTarget.form);
            }}
          />
          <span className="share-switch__track" aria-hidden="true" />
        </label>
        <label htmlFor={id} className="visually-hidden">
          Access for {team.title}
        </label>
        <select
          id={id}
          name="access"
          className="share-select share-select--small"
          value={on ? current : 'view'}
          disabled={!grants || (hydrated && !on)}
          aria-disabled={busy || undefined}
          onChange={(event) => {
            if (busy) return;
            setLocalAccess(event.currentTarget.value === 'edit' ? 'edit' : 'view');
            submit(event.currentTarget.form);
          }}
        >
          <option value="view">{sharingMessages.view}</option>
          <option value="edit">{sharingMessages.edit}</option>
        </select>
        {hydrated || !switchable ? null : (
          <SubmitButton variant="ghost" aria-label={`Save sharing with ${team.title}`}>
            Save
          </SubmitButton>
        )}
      </fetcher.Form>
    </li>
  );
}
