import { dashboardLabels, dashboardTexts } from '@animata/contracts';
import { useLocation } from '@remix-run/react';
import { useId } from 'react';
import { icons } from './icons.js';
import { DIALOG_PARAMS, LIST_PARAMS, SELECTION_FORM_ID, type ViewAbilities } from './view.js';

/**
 * The selection without JavaScript (§2, §4; issue 29): a GET form whose buttons open the bulk
 * dialogs (`?dialog=move|delete|reset&target=…`) for the cards ticked, their checkboxes being
 * its fields (`form` attribute). The dialog is the confirmation step and posts the action; the
 * list's address (search, sort, page, page size) goes along, so the post returns to the same
 * page. Shown until the page is hydrated: with JavaScript the selection bar takes over.
 */
export function SelectionForm({ abilities }: { abilities: ViewAbilities }) {
  const location = useLocation();
  const labelId = useId();
  const params = new URLSearchParams(location.search);
  const kept = Object.values(LIST_PARAMS).flatMap((name) => {
    const value = params.get(name);
    return value ? [[name, value] as const] : [];
  });
  const button = (dialog: 'move' | 'delete' | 'reset', text: string, danger = false) => (
    <button
      type="submit"
      name={DIALOG_PARAMS.dialog}
      value={dialog}
      className={`button ${danger ? 'button--danger' : 'button--ghost'} button--small`}
    >
      {dialog === 'move' ? icons.folderMove : null}
      <span>{text}</span>
    </button>
  );
  return (
    <form
      id={SELECTION_FORM_ID}
      method="get"
      action={location.pathname}
      className="selection-bar selection-bar--form"
      aria-labelledby={labelId}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <span id={labelId} className="selection-bar__count">
        {dashboardLabels.selectedProjects}
      </span>
      {abilities.bulkMove ? button('move', dashboardTexts.moveSelected) : null}
      {abilities.bulkReset ? button('reset', dashboardTexts.resetSelected) : null}
      {abilities.bulkDelete ? button('delete', dashboardTexts.deleteSelected, true) : null}
    </form>
  );
}
