import type { FieldErrors } from '@animata/contracts';
import { useLocation } from '@remix-run/react';

/** The rows of §2.1 that have an edit mode; only one is edited at a time. */
export type EditableRowName = 'avatar' | 'name' | 'email' | 'password';
const EDITABLE: readonly string[] = ['avatar', 'name', 'email', 'password'];

/** A refused form of the account page: which form, what went wrong, what was typed. */
export interface AccountActionResult {
  intent: string;
  fieldErrors?: FieldErrors;
  notice?: string;
  values?: Record<string, string>;
}

/**
 * Edit mode lives in the address, so it works without JavaScript and survives a reload
 * (decision 51): `/account?edit=name`, and `/account/change-password` for the password row.
 * A refused save keeps its row open whatever the address says.
 */
export function editingRowOf(url: URL, refused?: AccountActionResult): EditableRowName | null {
  if (refused && EDITABLE.includes(refused.intent)) return refused.intent as EditableRowName;
  if (url.pathname.replace(/\/+$/, '') === '/account/change-password') return 'password';
  const edit = url.searchParams.get('edit');
  return edit && EDITABLE.includes(edit) ? (edit as EditableRowName) : null;
}

/** The address that opens a row's edit mode. */
export function editAddress(row: EditableRowName): string {
  return row === 'password' ? '/account/change-password' : `/account?edit=${row}`;
}

/** The row being edited on the current page. */
export function useEditingRow(refused?: AccountActionResult): EditableRowName | null {
  const location = useLocation();
  return editingRowOf(new URL(location.pathname + location.search, 'http://x'), refused);
}

/** Confirmation dialogs without JavaScript: `/account?confirm=newsletter|remove-avatar`. */
export function useConfirming(): string | null {
  const location = useLocation();
  return new URLSearchParams(location.search).get('confirm');
}
