import {
  pagePaths,
  SHARE_PARAMS,
  sharingMessages,
  SNACKBAR_TIMEOUT_MS,
  withShareParam,
  type ShareCustomer,
} from '@animata/contracts';
import { Link, useActionData, useFormAction, useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../account/confirm-dialog.js';
import { DashboardDialog } from '../dashboard/dashboard-dialog.js';
import { FormNotice } from '../ui/form-notice.js';
import { NoticeCard } from '../ui/snackbar.js';
import { useHydrated } from '../../utils/use-hydrated.js';
import {
  isShareActionData,
  SHARE_SCRIPTED_FIELD,
  type ShareActionData,
  type ShareDialogData,
} from '../../utils/sharing/share-view.js';
import { ShareInviteForm } from './share-invite-form.js';
import { SHARE_PEOPLE_TITLE_ID, SharePeople } from './share-people.js';
import { SharePublicLink } from './share-public-link.js';
import { ShareTeams } from './share-teams.js';
import { ShareReportContext, useShareForm } from './use-share-form.js';

interface Note {
  ok: boolean;
  text: string;
  key: number;
}

/**
 * The share dialog (projects-dashboard §2 'Share' plus the item's title; §4-§6, §8) for a
 * project or a folder, opened from the address (`?share=…`, loaded by the page's loader). Every
 * form posts a `share-…` intent to the page's action: without JavaScript a plain post and a
 * redirect back with the note as the page's notification; with it a fetcher, and the note shows
 * in the dialog itself (a modal dialog makes the page behind it, and its snackbars, inert).
 * Read-only for anyone but the owner; the owner without pro access sees the Premium chip and
 * the upgrade message.
 */
export function ShareDialog({ data, closeTo }: { data: ShareDialogData; closeTo: string }) {
  const { sharing, param, origin } = data;
  const location = useLocation();
  const [note, setNote] = useState<Note | null>(null);
  const [sent, setSent] = useState(0);
  const [removing, setRemoving] = useState<ShareCustomer | null>(null);
  // A removal or a revoke takes its row (and the focused button) away: the focus goes to the
  // 'People with access' heading instead of the page's body.
  const [removed, setRemoved] = useState(0);
  useEffect(() => {
    if (removed > 0) document.getElementById(SHARE_PEOPLE_TITLE_ID)?.focus();
  }, [removed]);
  const report = useCallback((answer: ShareActionData) => {
    if (answer.ok && answer.intent === 'share-invite') setSent((count) => count + 1);
    if (answer.ok && (answer.intent === 'share-remove' || answer.intent === 'share-revoke'))
      setRemoved((count) => count + 1);
    if (answer.intent === 'share-remove') setRemoving(null);
    // A refused address shows under its field instead.
    if (!answer.ok && answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) return;
    setNote((current) => ({ ok: answer.ok, text: answer.notice, key: (current?.key ?? 0) + 1 }));
  }, []);
  const reporter = useMemo(() => ({ report }), [report]);
  useEffect(() => {
    if (!note) return undefined;
    const timer = setTimeout(() => setNote(null), SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const base = withShareParam(location, param);
  const asked = new URLSearchParams(location.search).get(SHARE_PARAMS.remove);
  const askedCustomer = asked
    ? (sharing.customers.find((entry) => entry.customer.id === asked)?.customer ?? null)
    : null;
  const access = sharing.access;
  const manages = access.canManage;
  // The owner may stop sharing whatever their plan (removing never needs one).
  const removes = access.canRemove;
  const isOwner = access.access === 'owner';
  const tipId = useId();
  // A refusal of a plain post (no JavaScript) that belongs to no field.
  const page = useActionData();
  const pageNotice =
    isShareActionData(page) && !page.ok && !page.fieldErrors ? page.notice : undefined;

  return (
    <ShareReportContext.Provider value={reporter}>
      <DashboardDialog
        title={`${sharingMessages.share} “${sharing.title}”`}
        closeTo={closeTo}
        className="share-dialog"
      >
        {isOwner && !access.hasProAccess ? (
          <div className="share-premium" role="note">
            <span className="share-premium__badge">
              <span className="chip share-premium__chip" tabIndex={0} aria-describedby={tipId}>
                {sharingMessages.premium}
              </span>
              <span id={tipId} role="tooltip" className="share-premium__tip">
                {sharingMessages.premiumTooltip}
              </span>
            </span>
            <p className="share-premium__text">
              {sharingMessages.upgradeToShare}{' '}
              <Link to={pagePaths.pricing} className="share-premium__link">
                Upgrade
              </Link>
            </p>
          </div>
        ) : null}
        {!isOwner ? (
          <p className="share-note" role="note">
            {sharingMessages.readOnly}
          </p>
        ) : null}
        <FormNotice>{pageNotice}</FormNotice>
        {manages ? (
          <ShareInviteForm
            suggestions={sharing.suggestions}
            editAllowedEmails={sharing.editAllowedEmails}
            sentCount={sent}
          />
        ) : null}
        <SharePeople
          owner={sharing.owner}
          ownerIsYou={isOwner}
          customers={sharing.customers}
          invites={sharing.invites}
          inherited={sharing.inherited}
          editAllowedEmails={sharing.editAllowedEmails}
          manages={manages}
          removes={removes}
          removeHref={(customer) => withShareParam(location, param, { remove: customer.id })}
          onRemove={setRemoving}
        />
        {access.hasTeamAccess || access.teamPlanLapsed || sharing.teams.length > 0 ? (
          <ShareTeams
            teams={sharing.availableTeams}
            shared={sharing.teams}
            manages={manages}
            removes={removes}
            hasTeamAccess={access.hasTeamAccess}
            planLapsed={access.teamPlanLapsed}
          />
        ) : null}
        {sharing.publicLink ? (
          <SharePublicLink
            link={sharing.publicLink}
            manages={manages}
            removes={removes}
            origin={origin}
          />
        ) : null}
        <div className="dashboard-dialog__buttons share-dialog__buttons">
          <Link to={closeTo} className="button button--primary" replace preventScrollReset>
            Done
          </Link>
        </div>
        <div className="share-dialog__notes">
          <div role="status" aria-live="polite">
            {note?.ok ? (
              <NoticeCard key={note.key} type="success" onClose={() => setNote(null)}>
                {note.text}
              </NoticeCard>
            ) : null}
          </div>
          <div role="alert">
            {note && !note.ok ? (
              <NoticeCard key={note.key} type="error" onClose={() => setNote(null)}>
                {note.text}
              </NoticeCard>
            ) : null}
          </div>
        </div>
      </DashboardDialog>
      {removes ? (
        <RemoveQuestion
          customer={removing ?? askedCustomer}
          cancelTo={base}
          onClose={() => setRemoving(null)}
          fromAddress={removing === null && askedCustomer !== null}
        />
      ) : null}
    </ShareReportContext.Provider>
  );
}

/** §5: 'Are you sure you want to remove access for {email}' before a customer is removed. */
function RemoveQuestion({
  customer,
  cancelTo,
  onClose,
  fromAddress,
}: {
  customer: ShareCustomer | null;
  cancelTo: string;
  onClose: () => void;
  /** Opened by the address (`&shareRemove=`): closing it goes back to the dialog's address. */
  fromAddress: boolean;
}) {
  const { fetcher } = useShareForm('share-remove');
  const hydrated = useHydrated();
  const action = useFormAction();
  const navigate = useNavigate();
  const [last, setLast] = useState<ShareCustomer | null>(customer);
  useEffect(() => {
    if (customer) setLast(customer);
  }, [customer]);
  const shown = customer ?? last;
  const close = () => {
    onClose();
    if (fromAddress) navigate(cancelTo, { replace: true, preventScrollReset: true });
  };
  return (
    <ConfirmDialog
      open={customer !== null}
      title={sharingMessages.confirmRemoveAccess(shown?.email ?? '')}
      confirmLabel="Remove"
      intent="share-remove"
      fields={{
        customer: shown?.id ?? '',
        ...(hydrated ? { [SHARE_SCRIPTED_FIELD]: '1' } : {}),
      }}
      danger
      as={fetcher.Form}
      action={action}
      cancelTo={cancelTo}
      onClose={close}
      onConfirm={() => {
        if (fromAddress) navigate(cancelTo, { replace: true, preventScrollReset: true });
        onClose();
      }}
    >
      <p>
        {shown?.name} ({shown?.email}) can no longer open it.
      </p>
    </ConfirmDialog>
  );
}
