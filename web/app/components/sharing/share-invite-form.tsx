import {
  inviteEmailError,
  mayEdit,
  sharingMessages,
  type ShareAccess,
  type ShareCustomer,
} from '@animata/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SubmitButton } from '../ui/submit-button.js';
import { useShareForm } from './use-share-form.js';

/** A focus this soon after the form appears is the dialog's own, as it opens. */
const OPENING_FOCUS_MS = 500;

/**
 * Invite by e-mail (§4, §5): a valid address, else 'Please enter a valid email address.' and
 * nothing is sent; view or edit, where edit is only for team members (otherwise the option reads
 * 'Edit (only for team members)', is disabled and the choice goes back to view); after an invite
 * the field is empty and the access view again. While the field has focus the team members are
 * suggested: a combobox with JavaScript (arrow keys, Enter, Escape), the browser's own list of
 * suggestions (a datalist) without.
 */
export function ShareInviteForm({
  suggestions,
  editAllowedEmails,
  sentCount,
}: {
  suggestions: ShareCustomer[];
  editAllowedEmails: string[];
  /** Changes with every invite sent (the invites listed): the form starts afresh. */
  sentCount: number;
}) {
  const { fetcher, scripted, hydrated, busy, refusal } = useShareForm('share-invite');
  const [email, setEmail] = useState(refusal?.values?.recipientEmail ?? '');
  const [grant, setGrant] = useState<ShareAccess>(
    refusal?.values?.grantAccess === 'edit' ? 'edit' : 'view',
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(
    refusal?.fieldErrors?.recipientEmail,
  );
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const mountedAt = useRef(0);
  useEffect(() => {
    mountedAt.current = performance.now();
  }, []);
  const id = useId();
  const listId = `${id}-suggestions`;
  const errorId = `${id}-error`;
  const problem = inviteEmailError(email);
  const editAllowed = mayEdit(email, editAllowedEmails);
  const chosen: ShareAccess = editAllowed ? grant : 'view';

  // A scripted refusal (the server's words) shows under the field until it is edited.
  useEffect(() => {
    if (refusal?.fieldErrors?.recipientEmail) setServerError(refusal.fieldErrors.recipientEmail);
  }, [refusal]);

  // §4: after an invite the field is empty again and the access view.
  const seen = useRef(sentCount);
  useEffect(() => {
    if (seen.current === sentCount) return;
    seen.current = sentCount;
    setEmail('');
    setGrant('view');
    setSubmitted(false);
    setServerError(undefined);
  }, [sentCount]);

  const typed = email.trim().toLowerCase();
  const matches = suggestions.filter(
    (person) =>
      typed === '' ||
      person.email.toLowerCase().includes(typed) ||
      person.name.toLowerCase().includes(typed),
  );
  const open =
    hydrated &&
    focused &&
    !dismissed &&
    matches.length > 0 &&
    !(matches.length === 1 && matches[0]!.email.toLowerCase() === typed);

  const pick = (person: ShareCustomer) => {
    setEmail(person.email);
    setServerError(undefined);
    setDismissed(true);
    setActive(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && open && active >= 0 && matches[active]) {
      event.preventDefault();
      pick(matches[active]!);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
    }
  };

  const shownError =
    serverError ?? (submitted || (email.includes('@') && problem) ? problem : undefined);
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      noValidate
      className="share-invite"
      onSubmit={(event) => {
        setSubmitted(true);
        setDismissed(true);
        if (problem) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="share-invite" />
      {scripted}
      <div className={`field share-invite__field${shownError ? ' field--invalid' : ''}`}>
        <label htmlFor={id} className="field__label">
          Invite by e-mail
        </label>
        <div className="field__control share-combobox">
          <input
            ref={inputRef}
            id={id}
            name="recipientEmail"
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            value={email}
            list={hydrated ? undefined : listId}
            {...(hydrated
              ? {
                  role: 'combobox',
                  'aria-autocomplete': 'list' as const,
                  'aria-expanded': open,
                  'aria-controls': listId,
                  'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
                }
              : {})}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setServerError(undefined);
              setDismissed(false);
              setActive(-1);
            }}
            onFocus={() => {
              setFocused(true);
              // The dialog puts the focus here as it opens: the list waits for the customer (a
              // click, a key, typing) instead of covering the dialog at once.
              if (performance.now() - mountedAt.current < OPENING_FOCUS_MS) setDismissed(true);
            }}
            onMouseDown={() => setDismissed(false)}
            onBlur={() => setFocused(false)}
            onKeyDown={onKeyDown}
          />
          {hydrated ? (
            <ul
              id={listId}
              role="listbox"
              aria-label="Team members"
              className="share-combobox__list"
              hidden={!open}
            >
              {open
                ? matches.map((person, index) => (
                    <li
                      key={person.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className="share-combobox__option"
                      // Before the field's blur, so the click is not lost.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        pick(person);
                      }}
                    >
                      <span className="share-combobox__name">{person.name}</span>
                      <span className="share-combobox__email">{person.email}</span>
                    </li>
                  ))
                : null}
            </ul>
          ) : (
            <datalist id={listId}>
              {suggestions.map((person) => (
                <option key={person.id} value={person.email}>
                  {person.name}
                </option>
              ))}
            </datalist>
          )}
        </div>
        {shownError ? (
          <p id={errorId} className="field__error" role="alert">
            {shownError}
          </p>
        ) : null}
      </div>
      <div className="field share-invite__access">
        <label htmlFor={`${id}-access`} className="field__label">
          Access
        </label>
        <select
          id={`${id}-access`}
          name="grantAccess"
          className="share-select"
          value={hydrated ? chosen : grant}
          onChange={(event) => setGrant(event.target.value === 'edit' ? 'edit' : 'view')}
        >
          <option value="view">{sharingMessages.view}</option>
          {/* Without JavaScript the address is not known yet: the server keeps the rule. */}
          <option value="edit" disabled={hydrated && !editAllowed}>
            {hydrated && editAllowed
              ? sharingMessages.edit
              : sharingMessages.editOnlyForTeamMembers}
          </option>
        </select>
      </div>
      <SubmitButton variant="primary" pending={busy}>
        Invite
      </SubmitButton>
    </fetcher.Form>
  );
}
