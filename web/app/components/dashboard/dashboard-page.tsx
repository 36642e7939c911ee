import {
  dashboardLabels,
  dashboardTexts,
  DEMO_FOLDER_ID,
  sharingMessages,
  withShareParam,
  type Label,
  type Project,
  type ProjectListResponse,
} from '@animata/contracts';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import type { ExportDialogData } from '../../utils/renders/render-view.js';
import type { ShareDialogData } from '../../utils/sharing/share-view.js';
import { ExportDialog } from '../renders/export-dialog.js';
import { ShareDialog } from '../sharing/share-dialog.js';
import { shareIcon } from '../sharing/share-icon.js';
import { useDashboardData } from './dashboard-data.js';
import { DashboardDialogs } from './dialogs.js';
import { EmptyState, ExpiredTeam } from './empty-state.js';
import { FolderActions } from './folder-tree.js';
import { icons } from './icons.js';
import { Pagination } from './pagination.js';
import { ProjectGrid, useGridMeasure } from './project-grid.js';
import { SearchSort } from './search-sort.js';
import { SelectionForm } from './selection-form.js';
import { UploadButton } from './upload/upload-button.js';
import {
  abilitiesOf,
  findLabel,
  isChangedDemo,
  labelOf,
  withDialog,
  type DashboardView,
  type ListState,
  type ViewAbilities,
} from './view.js';
import { useSelection } from './use-selection.js';

export interface DashboardPageProps {
  view: DashboardView;
  title: string;
  icon: ReactNode;
  list: ProjectListResponse;
  state: ListState;
  rows: number;
  /** A team's view: 'Manage Team' or 'Members' (§2), and whether New project is offered. */
  teamAction?: { label: string; href: string; canCreate: boolean };
  /** The share dialog the address opens (`?share=`), loaded by the section's loader. */
  share?: ShareDialogData | null;
  /** The Export dialog the address opens (`?export=`, issue 32). */
  exportDialog?: ExportDialogData | null;
}

/**
 * One section of the dashboard (§2): the toolbar (actions, title, search and sort, the
 * selection's actions), the grid with its pagination or the section's empty state, and the
 * dialogs the address names. Selection is cleared on every reload of the list (§4).
 */
export function DashboardPage({
  view,
  title,
  icon,
  list,
  state,
  rows,
  teamAction,
  share = null,
  exportDialog = null,
}: DashboardPageProps) {
  const location = useLocation();
  const { labels } = useDashboardData();
  const hydrated = useHydrated();
  const abilities = abilitiesOf(view);
  const perRow = useGridMeasure(state.page, rows, list.pagination.totalFiles);
  const { selected, setSelected, toggle } = useSelection(list);
  // With or without JavaScript (without, the checkboxes belong to the selection form).
  const selectable = abilities.bulkDelete || abilities.bulkMove || abilities.bulkReset;
  const selectedProjects = list.data.filter((project) => selected.has(project.id));
  const currentFolder = view.kind === 'folder' ? view.folder : null;
  const folder = findLabel(labels, currentFolder);

  return (
    <main id="main" className="dashboard-main" data-view={view.kind}>
      <header className="dashboard-toolbar">
        <div className="dashboard-toolbar__top">
          <h1 className="dashboard-title">
            <span className="dashboard-title__icon">{icon}</span>
            <span className="dashboard-title__text">{title}</span>
          </h1>
          {folder ? <FolderActions folder={folder} className="dashboard-title__menu" /> : null}
          {folder ? <ShareFolderButton folder={folder} /> : null}
          {abilities.toolbar ? <ToolbarActions view={view} /> : null}
          {teamAction ? (
            <div className="dashboard-toolbar__actions">
              {teamAction.canCreate ? <NewProjectForm view={view} /> : null}
              <Link
                to={teamAction.href}
                className="button button--ghost button--small"
                preventScrollReset
              >
                {icons.team}
                <span>{teamAction.label}</span>
              </Link>
            </div>
          ) : null}
        </div>
        <div className="dashboard-toolbar__bottom">
          {selected.size > 0 ? (
            <SelectionBar
              projects={list.data}
              selected={selectedProjects}
              abilities={abilities}
              onSelectAll={() => setSelected(new Set(list.data.map((project) => project.id)))}
              onClear={() => setSelected(new Set())}
            />
          ) : (
            <>
              <SearchSort
                state={state}
                placeholder={
                  view.kind === 'all' ? dashboardTexts.searchAll : dashboardTexts.searchFolder
                }
              />
              {!hydrated && selectable && list.data.length > 0 ? (
                <SelectionForm abilities={abilities} />
              ) : null}
            </>
          )}
        </div>
      </header>
      <ListBody
        view={view}
        list={list}
        state={state}
        abilities={abilities}
        perRow={perRow}
        selectable={selectable}
        selected={selected}
        onToggle={toggle}
      />
      <DashboardDialogs labels={labels} projects={list.data} currentFolder={currentFolder} />
      {share ? (
        <ShareDialog key={share.param} data={share} closeTo={withShareParam(location, null)} />
      ) : null}
      {exportDialog ? (
        <ExportDialog key={exportDialog.options.project.id} data={exportDialog} />
      ) : null}
    </main>
  );
}

function ListBody({
  view,
  list,
  state,
  abilities,
  perRow,
  selectable,
  selected,
  onToggle,
}: {
  view: DashboardView;
  list: ProjectListResponse;
  state: ListState;
  abilities: ViewAbilities;
  perRow: number | null;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const reason = list.errors?.[0];
  if (list.data.length === 0) {
    if (reason) return <ExpiredTeam reason={reason} />;
    if (state.q) return <EmptyState title={dashboardLabels.noResults} />;
    if (view.kind === 'shared') return <EmptyState title={dashboardTexts.emptyShared} />;
    if (view.kind === 'team') return <EmptyState title={dashboardTexts.emptyTeam} />;
    return (
      <EmptyState title={dashboardTexts.emptyProjects}>
        {abilities.toolbar && view.kind !== 'demo' ? <NewProjectForm view={view} primary /> : null}
      </EmptyState>
    );
  }
  return (
    <>
      <ProjectGrid
        projects={list.data}
        abilities={abilities}
        perRow={perRow}
        selectable={selectable}
        selected={selected}
        onToggle={onToggle}
      />
      <Pagination pagination={list.pagination} />
    </>
  );
}

/**
 * The toolbar's Share button in a folder's view (§2): it shares the folder; its icon says
 * whether the folder is shared already.
 */
function ShareFolderButton({ folder }: { folder: Label }) {
  const location = useLocation();
  const shared = folder.shares.customers.length > 0 || folder.shares.teams.length > 0;
  return (
    <Link
      to={withShareParam(location, `label:${folder.id}`)}
      className="button button--ghost button--small dashboard-toolbar__share"
      preventScrollReset
    >
      {shared ? icons.folderShared : shareIcon}
      <span>{sharingMessages.share}</span>
    </Link>
  );
}

function NewProjectForm({ view, primary = false }: { view: DashboardView; primary?: boolean }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-project';
  const label = labelOf(view);
  return (
    <Form method="post" className="toolbar-action">
      <input type="hidden" name="intent" value="create-project" />
      {view.kind === 'team' ? (
        // A project made in a team view is shared with the team from the start.
        <input type="hidden" name="team" value={view.team} />
      ) : (
        <input type="hidden" name="label" value={label === DEMO_FOLDER_ID ? '' : (label ?? '')} />
      )}
      <button
        type="submit"
        className={`button ${primary ? 'button--primary' : 'button--primary'} button--small`}
        disabled={pending}
      >
        {icons.plus}
        <span>{dashboardTexts.newProject}</span>
      </button>
    </Form>
  );
}

/** New project, Upload file, Create folder (§2); hidden in team and shared-with-me views. */
function ToolbarActions({ view }: { view: DashboardView }) {
  const location = useLocation();
  const folder = view.kind === 'folder' ? view.folder : null;
  return (
    <div className="dashboard-toolbar__actions">
      <NewProjectForm view={view} />
      <UploadButton label={folder} />
      <Link
        to={withDialog(location, { name: 'create-folder', parent: folder })}
        className="button button--ghost button--small"
        preventScrollReset
      >
        {icons.folderCreate}
        <span>{dashboardTexts.createFolder}</span>
      </Link>
    </div>
  );
}

/** With something selected (§2, §4, §6): select all or none, and what the section allows. */
function SelectionBar({
  projects,
  selected,
  abilities,
  onSelectAll,
  onClear,
}: {
  projects: Project[];
  selected: Project[];
  abilities: ViewAbilities;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const location = useLocation();
  const ids = selected.map((project) => project.id);
  const all = selected.length === projects.length;
  const resettable = selected.filter(isChangedDemo).map((project) => project.id);
  return (
    <div className="selection-bar" role="toolbar" aria-label={dashboardLabels.selectedProjects}>
      <p className="selection-bar__count" aria-live="polite">
        {selected.length} selected
      </p>
      {all ? null : (
        <button type="button" className="button button--ghost button--small" onClick={onSelectAll}>
          {dashboardTexts.selectAll}
        </button>
      )}
      <button type="button" className="button button--ghost button--small" onClick={onClear}>
        {dashboardLabels.deselectAll}
      </button>
      {abilities.bulkMove ? (
        <Link
          to={withDialog(location, { name: 'move', targets: ids })}
          className="button button--ghost button--small"
          preventScrollReset
        >
          {icons.folderMove}
          <span>{dashboardTexts.moveSelected}</span>
        </Link>
      ) : null}
      {abilities.bulkReset && resettable.length > 0 ? (
        <Link
          to={withDialog(location, { name: 'reset', targets: resettable })}
          className="button button--ghost button--small"
          preventScrollReset
        >
          {dashboardTexts.resetSelected}
        </Link>
      ) : null}
      {abilities.bulkDelete ? (
        <Link
          to={withDialog(location, { name: 'delete', targets: ids })}
          className="button button--danger button--small"
          preventScrollReset
        >
          {dashboardTexts.deleteSelected}
        </Link>
      ) : null}
    </div>
  );
}
