import type { SlotsPreview } from '@animata/contracts';

/** What the team forms' action answers when it does not redirect (a refusal, a seats preview). */
export interface TeamActionData {
  intent: string;
  /** The team the form was about. */
  team: string;
  /** §8: the server's reason, 'Error occurred: …', or 'Some error occurred. Please retry.' */
  notice?: string;
  fieldErrors?: Record<string, string>;
  /** What was typed, to show again. */
  values?: Record<string, string>;
  /** Seats to add: what they cost now, to confirm before paying. */
  preview?: SlotsPreview;
}

/** The intents the manage-team dialog posts (the dashboard's team view tells them apart). */
export const TEAM_INTENTS = [
  'team-rename',
  'team-sort',
  'team-move',
  'team-remove',
  'team-leave',
  'team-invite',
  'team-revoke-invite',
  'team-seats',
  'delete-team',
  'team-transfer',
] as const;
export type TeamIntent = (typeof TEAM_INTENTS)[number];

/** The address parameters of the dialog's confirmations (`?confirm=remove&member=…`). */
export const CONFIRM_PARAMS = { confirm: 'confirm', member: 'member' } as const;
export type TeamConfirm = 'remove' | 'leave' | 'delete-team' | 'transfer';
export const TEAM_CONFIRMS: readonly TeamConfirm[] = ['remove', 'leave', 'delete-team', 'transfer'];

export function confirmStateOf(
  params: URLSearchParams,
): { kind: TeamConfirm; member: string | null } | null {
  const kind = params.get(CONFIRM_PARAMS.confirm);
  if (!kind || !(TEAM_CONFIRMS as readonly string[]).includes(kind)) return null;
  return { kind: kind as TeamConfirm, member: params.get(CONFIRM_PARAMS.member) };
}

/** `base` with a confirmation opened. */
export function withConfirm(base: string, kind: TeamConfirm, member?: string): string {
  const url = new URL(base, 'http://x');
  url.searchParams.set(CONFIRM_PARAMS.confirm, kind);
  if (member) url.searchParams.set(CONFIRM_PARAMS.member, member);
  else url.searchParams.delete(CONFIRM_PARAMS.member);
  return `${url.pathname}${url.search}`;
}
