import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import {
  dropOn,
  isDraggable,
  moveBy,
  orderOf,
  roleLabel,
  rowAction,
  type MemberRow,
  type Viewer,
} from '@animata/contracts';
import { teamIcons } from './team-icons.js';

export interface InviteRow {
  id: string;
  recipientEmail: string;
  status: string;
  toBeDeleted: boolean;
}

/** The explanation next to the clock of a toBeDeleted entry (§4; our words, decision 1). */
export const TO_BE_DELETED_TEXT = 'Leaves the team at the next billing date (not enough seats)';

/**
 * The team's members and invites (billing-teams-apps §2): Owner and Administrator labels, the
 * clock of an entry that leaves at the next billing date, Pending or Rejected invites.
 * Owners and administrators reorder the plain members: by dragging, or with the Move up and
 * Move down buttons, which are forms that work without JavaScript (with it the move shows at
 * once and is announced). Remove and Leave open their confirmation through the address.
 */
export function MemberList({
  members,
  invites,
  viewer,
  action,
  confirmHref,
}: {
  members: MemberRow[];
  invites: InviteRow[];
  viewer: Viewer;
  /** The page whose action takes the team's forms. */
  action: string;
  /** The address that opens a row's confirmation. */
  confirmHref: (kind: 'remove' | 'leave' | 'transfer', member: MemberRow) => string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const manages = viewer.isOwner || viewer.canAdministrate;
  // The order shown: the server's, or the one just chosen while its post is under way.
  const [local, setLocal] = useState<MemberRow[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => setLocal(null), [members]);
  const rows = local ?? members;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    document.getElementById(target)?.focus();
  });

  const commit = (next: MemberRow[], moved: MemberRow, focusId?: string) => {
    setLocal(next);
    const movable = next.filter(isDraggable);
    const position = movable.findIndex((row) => row.customer.id === moved.customer.id) + 1;
    setAnnouncement(`${moved.customer.name} moved to position ${position} of ${movable.length}`);
    if (focusId) focusAfterMove.current = focusId;
    const form = new FormData();
    form.set('intent', 'team-sort');
    for (const id of orderOf(next)) form.append('order', id);
    fetcher.submit(form, { method: 'post', action });
  };

  const movable = rows.filter(isDraggable);
  return (
    <section className="team-members" aria-label="Members">
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      <ul className="team-members__list">
        {rows.map((member) => {
          const draggable = manages && isDraggable(member);
          const place = movable.findIndex((row) => row.customer.id === member.customer.id);
          const label = roleLabel(member);
          const act = rowAction(viewer, member, rows);
          const onDragStart = (event: DragEvent) => {
            setDragged(member.customer.id);
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', member.customer.id);
          };
          const onDrop = (event: DragEvent) => {
            event.preventDefault();
            const from = dragged ?? event.dataTransfer.getData('text/plain');
            setDragged(null);
            const next = dropOn(rows, from, member.customer.id);
            const moved = rows.find((row) => row.customer.id === from);
            if (next && moved) commit(next, moved);
          };
          return (
            <li
              key={member.id}
              className={`team-row${draggable ? ' team-row--draggable' : ''}${
                dragged === member.customer.id ? ' team-row--dragging' : ''
              }`}
              data-testid="team-member"
              draggable={hydrated && draggable ? true : undefined}
              onDragStart={hydrated && draggable ? onDragStart : undefined}
              onDragEnd={() => setDragged(null)}
              onDragOver={
                hydrated && draggable && dragged
                  ? (event) => {
                      event.preventDefault();
                      event.dataTransfer.dropEffect = 'move';
                    }
                  : undefined
              }
              onDrop={hydrated && draggable ? onDrop : undefined}
            >
              {draggable ? (
                <span className="team-row__handle" aria-hidden="true">
                  {teamIcons.drag}
                </span>
              ) : (
                <span className="team-row__handle" aria-hidden="true" />
              )}
              <span className="team-row__who">
                <span className="team-row__name">
                  {member.customer.name}
                  {member.customer.id === viewer.customerId ? ' (you)' : ''}
                </span>
                <span className="team-row__email">{member.customer.email}</span>
              </span>
              {label ? <span className="team-row__role chip">{label}</span> : null}
              {member.toBeDeleted ? <ToBeDeleted /> : null}
              <span className="team-row__actions">
                {draggable ? (
                  <>
                    <MoveButton
                      id={`move-up-${member.customer.id}`}
                      action={action}
                      member={member}
                      delta={-1}
                      disabled={place <= 0}
                      onMove={
                        hydrated
                          ? () => {
                              const next = moveBy(rows, member.customer.id, -1);
                              if (next) commit(next, member, `move-up-${member.customer.id}`);
                            }
                          : undefined
                      }
                    />
                    <MoveButton
                      id={`move-down-${member.customer.id}`}
                      action={action}
                      member={member}
                      delta={1}
                      disabled={place >= movable.length - 1}
                      onMove={
                        hydrated
                          ? () => {
                              const next = moveBy(rows, member.customer.id, 1);
                              if (next) commit(next, member, `move-down-${member.customer.id}`);
                            }
                          : undefined
                      }
                    />
                  </>
                ) : null}
                {viewer.isOwner && member.canAdministrate && !member.isOwner ? (
                  <Link
                    to={confirmHref('transfer', member)}
                    className="button button--ghost button--small"
                    preventScrollReset
                    aria-label={`Make owner: ${member.customer.name}`}
                  >
                    Make owner
                  </Link>
                ) : null}
                {act ? (
                  <Link
                    to={confirmHref(act, member)}
                    className={`button button--small ${act === 'remove' ? 'button--danger' : 'button--ghost'}`}
                    preventScrollReset
                    aria-label={act === 'remove' ? `Remove ${member.customer.name}` : undefined}
                  >
                    {act === 'remove' ? 'Remove' : 'Leave team'}
                  </Link>
                ) : null}
              </span>
            </li>
          );
        })}
        {invites.map((invite) => (
          <li key={invite.id} className="team-row team-row--invite" data-testid="team-invite">
            <span className="team-row__handle" aria-hidden="true" />
            <span className="team-row__who">
              <span className="team-row__name">{invite.recipientEmail}</span>
            </span>
            <span
              className={`team-row__role chip ${invite.status === 'refused' ? 'chip--refused' : 'chip--pending'}`}
            >
              {invite.status === 'refused' ? 'Rejected' : 'Pending'}
            </span>
            {invite.toBeDeleted ? <ToBeDeleted /> : null}
            <span className="team-row__actions">
              {manages ? (
                <Form method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value="team-revoke-invite" />
                  <input type="hidden" name="invite" value={invite.id} />
                  <button
                    type="submit"
                    className="button button--ghost button--small"
                    aria-label={`Remove invite: ${invite.recipientEmail}`}
                  >
                    Remove invite
                  </button>
                </Form>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ToBeDeleted() {
  return (
    <span className="team-row__leaving" title={TO_BE_DELETED_TEXT}>
      {teamIcons.clock}
      <span className="team-row__leaving-text">{TO_BE_DELETED_TEXT}</span>
    </span>
  );
}

/** Move up or down: a form (no JavaScript), or an instant move with the page's order. */
function MoveButton({
  id,
  action,
  member,
  delta,
  disabled,
  onMove,
}: {
  id: string;
  action: string;
  member: MemberRow;
  delta: -1 | 1;
  disabled: boolean;
  onMove: (() => void) | undefined;
}) {
  const label = `Move ${member.customer.name} ${delta < 0 ? 'up' : 'down'}`;
  const icon = delta < 0 ? teamIcons.up : teamIcons.down;
  if (onMove) {
    return (
      <button
        id={id}
        type="button"
        className="button button--ghost button--small button--icon"
        aria-label={label}
        title={label}
        aria-disabled={disabled ? true : undefined}
        onClick={() => {
          if (!disabled) onMove();
        }}
      >
        {icon}
      </button>
    );
  }
  return (
    <Form method="post" action={action} preventScrollReset className="team-row__move">
      <input type="hidden" name="intent" value="team-move" />
      <input type="hidden" name="member" value={member.customer.id} />
      <input type="hidden" name="delta" value={String(delta)} />
      <button
        id={id}
        type="submit"
        className="button button--ghost button--small button--icon"
        aria-label={label}
        title={label}
        disabled={disabled}
      >
        {icon}
      </button>
    </Form>
  );
}
