import {
  couponPopupTexts,
  INVITATIONS_POPUP,
  invitationsTexts,
  inviteGrantText,
  inviteSentence,
  POPUP_SESSION_KEY,
  popupCookieString,
  type PopupInvite,
  type PopupName,
} from '@animata/contracts';
import { useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  POPUPS_ACTION_PATH,
  popupIntents,
  type PopupView,
  type SeasonalPopupData,
} from '../../utils/popups/popup-view.js';
import { loadTagManager, trackEvent } from '../../utils/tracking/track.js';
import { useHydrated } from '../../utils/use-hydrated.js';

/** This session's closed popups (§4 per-session closed list), kept in sessionStorage. */
function sessionClosed(): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(POPUP_SESSION_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

function recordClosed(name: PopupName, expires: string | null): void {
  try {
    const list = sessionClosed();
    if (!list.includes(name)) list.push(name);
    sessionStorage.setItem(POPUP_SESSION_KEY, JSON.stringify(list));
  } catch {
    // Storage refused (private mode): the cookie below still records it.
  }
  document.cookie = popupCookieString(name, {
    expires,
    now: new Date(),
    secure: window.location.protocol === 'https:',
  });
}

/**
 * The seasonal popup of a signed-in page (billing-teams-apps §2, §4): the invitations dialog or
 * a coupon dialog, chosen by the layout's loader. With JavaScript a modal dialog that records
 * its close in a `PopinDialog-` cookie and this session's list; without, the server's HTML
 * shows it as an open panel whose buttons post to the popups action, which redirects back.
 */
export function SeasonalPopup({ data }: { data: SeasonalPopupData }) {
  // The popup chosen when the page loaded: a revalidation after an answer must not swap it.
  const [popup] = useState(data.popup);
  const { tagManagerId } = data.analytics;
  useEffect(() => loadTagManager(tagManagerId), [tagManagerId]);
  if (!popup) return null;
  return popup.kind === 'invitations' ? (
    <InvitationsPopup invites={popup.invites} tagManagerId={tagManagerId} />
  ) : (
    <CouponPopup popup={popup} tagManagerId={tagManagerId} />
  );
}

/** Opens the server's panel as a modal once hydrated, unless this session closed it before. */
function usePopupDialog(name: PopupName, tagManagerId: string | null) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const [gone, setGone] = useState(false);
  // Set when this code closes the dialog; a close it did not ask for is the customer's dismissal.
  const closing = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!hydrated || !dialog) return;
    if (sessionClosed().includes(name)) {
      closing.current = true;
      dialog.close();
      setGone(true);
      return;
    }
    if (!dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    void trackEvent('PopupShown', { popup: name }, { tagManagerId });
  }, [hydrated, name, tagManagerId]);
  const hide = useCallback(() => {
    closing.current = true;
    ref.current?.close();
    setGone(true);
  }, []);
  return { ref, hydrated, gone, hide, closing };
}

function PopupShell({
  name,
  dialog,
  titleId,
  onDismiss,
  children,
}: {
  name: PopupName;
  dialog: ReturnType<typeof usePopupDialog>;
  titleId: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  if (dialog.gone) return null;
  return (
    <dialog
      ref={dialog.ref}
      className={`popup popup--${name}`}
      aria-labelledby={titleId}
      data-popup={name}
      // Before hydration (and without JavaScript) an open panel; a modal after.
      open={!dialog.hydrated ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here, not left to the browser's cancel (which Chrome may skip without a
        // recent user gesture, closing the dialog unrecorded); the snackbar must not take it.
        event.preventDefault();
        event.stopPropagation();
        onDismiss();
      }}
      onClose={() => {
        // Closed by the browser itself: still a dismissal, recorded (and the reload after an
        // accept happens).
        if (dialog.hydrated && !dialog.closing.current) onDismiss();
      }}
    >
      {children}
    </dialog>
  );
}

/** A form posting to the popups action, back to this page. */
function PopupForm({
  fields,
  children,
  className,
  id,
  onSubmit,
}: {
  fields: Record<string, string>;
  children?: ReactNode;
  className?: string;
  id?: string;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const location = useLocation();
  return (
    <form
      method="post"
      action={POPUPS_ACTION_PATH}
      className={className}
      id={id}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

function CouponPopup({
  popup,
  tagManagerId,
}: {
  popup: Extract<PopupView, { kind: 'coupon' }>;
  tagManagerId: string | null;
}) {
  const { name, view, expires } = popup;
  const dialog = usePopupDialog(name, tagManagerId);
  const titleId = useId();
  const closeFormId = useId();
  const navigate = useNavigate();
  const dismiss = () => {
    recordClosed(name, expires);
    void trackEvent('PopupClosed', { popup: name }, { tagManagerId });
    dialog.hide();
  };
  const fields = { name, expires: expires ?? '' };
  return (
    <PopupShell name={name} dialog={dialog} titleId={titleId} onDismiss={dismiss}>
      <button
        type="submit"
        form={closeFormId}
        className="popup__close"
        aria-label={couponPopupTexts.close}
        onClick={(event) => {
          if (!dialog.hydrated) return;
          event.preventDefault();
          dismiss();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={titleId} className="popup__title">
        {view.title}
      </h2>
      <p className="popup__offer">{view.offer}</p>
      <p className="popup__text">{view.text}</p>
      {view.expiry ? <p className="popup__expiry">{view.expiry}</p> : null}
      <div className="popup__buttons">
        <PopupForm
          fields={{ ...fields, intent: popupIntents.offer, href: view.action.href }}
          onSubmit={(event) => {
            if (!dialog.hydrated) return;
            event.preventDefault();
            recordClosed(name, expires);
            dialog.hide();
            void trackEvent('PopupClicked', { popup: name }, { tagManagerId }).then(() =>
              navigate(view.action.href),
            );
          }}
        >
          <button type="submit" className="button button--primary">
            {view.action.label}
          </button>
        </PopupForm>
        <PopupForm
          id={closeFormId}
          fields={{ ...fields, intent: popupIntents.close }}
          onSubmit={(event) => {
            if (!dialog.hydrated) return;
            event.preventDefault();
            dismiss();
          }}
        >
          <button type="submit" className="button button--ghost">
            {couponPopupTexts.dismiss}
          </button>
        </PopupForm>
      </div>
    </PopupShell>
  );
}

type AnswerResult = { ok: boolean; message: string };

function InvitationsPopup({
  invites: initial,
  tagManagerId,
}: {
  invites: PopupInvite[];
  tagManagerId: string | null;
}) {
  const name = INVITATIONS_POPUP;
  const dialog = usePopupDialog(name, tagManagerId);
  const titleId = useId();
  // A lost connection answers `{ notice, connectionFailed }`, an interrupted post null.
  const fetcher = useFetcher<AnswerResult | { notice: string; connectionFailed: true } | null>();
  const [invites, setInvites] = useState(initial);
  const [pending, setPending] = useState<{ id: string; action: string } | null>(null);
  const accepted = useRef(false);
  const sent = useRef(false);

  const close = (record: boolean) => {
    if (record) {
      recordClosed(name, null);
      void trackEvent('PopupClosed', { popup: name }, { tagManagerId });
    }
    dialog.hide();
    // Accepting changes what the customer may see: the page reloads when the dialog closes.
    if (accepted.current) window.location.reload();
  };

  useEffect(() => {
    if (fetcher.state !== 'idle') {
      sent.current = true;
      return;
    }
    // Only the end of a post sent from here (not an idle render before it started).
    if (!pending || !sent.current) return;
    sent.current = false;
    const answered = pending;
    setPending(null);
    if (!fetcher.data || !('ok' in fetcher.data) || !fetcher.data.ok) {
      // A failure (or no answer) closes the dialog without recording it: it asks again on the
      // next page.
      close(false);
      return;
    }
    if (answered.action === popupIntents.confirm) accepted.current = true;
    setInvites((list) => list.filter((invite) => invite.id !== answered.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when an answer arrives
  }, [fetcher.state, fetcher.data]);

  return (
    <PopupShell name={name} dialog={dialog} titleId={titleId} onDismiss={() => close(true)}>
      <h2 id={titleId} className="popup__title">
        {invitationsTexts.title}
      </h2>
      {invites.length > 0 ? (
        <ul className="invitations">
          {invites.map((invite) => (
            <li key={invite.id} className="invitations__item">
              <p className="invitations__sentence">{inviteSentence(invite)}</p>
              <p className="invitations__grant">{inviteGrantText(invite)}</p>
              <PopupForm
                className="invitations__buttons"
                fields={{ inviteId: invite.id }}
                onSubmit={(event) => {
                  if (!dialog.hydrated) return;
                  event.preventDefault();
                  const submitter = (event.nativeEvent as SubmitEvent).submitter;
                  const intent = submitter?.getAttribute('value') ?? popupIntents.refuse;
                  const form = new FormData(event.currentTarget);
                  form.set('intent', intent);
                  form.set('mode', 'json');
                  setPending({ id: invite.id, action: intent });
                  fetcher.submit(form, { method: 'post', action: POPUPS_ACTION_PATH });
                }}
              >
                <button
                  type="submit"
                  name="intent"
                  value={popupIntents.confirm}
                  className="button button--primary button--small"
                  disabled={pending !== null}
                  aria-label={`${invitationsTexts.confirm}: ${inviteSentence(invite)}`}
                >
                  {invitationsTexts.confirm}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={popupIntents.refuse}
                  className="button button--ghost button--small"
                  disabled={pending !== null}
                  aria-label={`${invitationsTexts.refuse}: ${inviteSentence(invite)}`}
                >
                  {invitationsTexts.refuse}
                </button>
              </PopupForm>
            </li>
          ))}
        </ul>
      ) : (
        <p className="invitations__empty">{invitationsTexts.empty}</p>
      )}
      <div className="popup__buttons">
        <PopupForm
          fields={{ name, intent: popupIntents.close }}
          onSubmit={(event) => {
            if (!dialog.hydrated) return;
            event.preventDefault();
            close(true);
          }}
        >
          <button type="submit" className="button button--ghost">
            {invitationsTexts.close}
          </button>
        </PopupForm>
      </div>
    </PopupShell>
  );
}
