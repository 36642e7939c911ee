import {
  dashboardLabels,
  dashboardQuestions,
  dashboardTexts,
  folderTitleMessages,
  projectMessages,
  projectTitleMessages,
  TITLE_MAX_LENGTH,
  titleProblem,
  type Label,
  type Project,
  type TitleMessages,
} from '@animata/contracts';
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { useId, useState, type FormEvent } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { useFieldState } from '../ui/field-state.js';

import { FormNotice } from '../ui/form-notice.js';
import { SubmitButton } from '../ui/submit-button.js';
import { CancelLink, DashboardDialog } from './dashboard-dialog.js';
import { icons } from './icons.js';
import {
  dialogStateOf,
  findLabel,
  isChangedDemo,
  ownLabels,
  pathTo,
  subtreeCounts,
  withDialog,
  type DashboardActionError,
  type DialogState,
} from './view.js';

/**
 * The dialogs the address names (`?dialog=`): create/rename folder, move folder, delete folder,
 * rename project (the inline rename's form without JavaScript), move projects, and the delete
 * and reset confirmations. `projects` are the page's cards, for their titles.
 */
export function DashboardDialogs({
  labels,
  projects,
  currentFolder,
}: {
  labels: Label[];
  projects: Project[];
  currentFolder: string | null;
}) {
  const location = useLocation();
  const state = dialogStateOf(new URLSearchParams(location.search));
  if (!state) return null;
  const closeTo = withDialog(location, null);
  const own = ownLabels(labels);
  const props = { state, closeTo, labels: own, projects, currentFolder };
  switch (state.name) {
    case 'create-folder':
    case 'rename-folder':
      return <FolderNameDialog key={location.search} {...props} />;
    case 'move-folder':
      return <MoveFolderDialog key={location.search} {...props} />;
    case 'delete-folder':
      return <DeleteFolderDialog key={location.search} {...props} />;
    case 'rename':
      return <RenameProjectDialog key={location.search} {...props} />;
    case 'move':
      return <MoveProjectsDialog key={location.search} {...props} />;
    case 'delete':
    case 'reset':
      return <ConfirmProjectsDialog key={location.search} {...props} />;
  }
}

/**
 * The same dialogs on a project's own page (issue 29): rename, delete and the demo reset of that
 * one project, and nothing else its address might name.
 */
export function ProjectDialogs({ project }: { project: Project }) {
  const location = useLocation();
  const state = dialogStateOf(new URLSearchParams(location.search));
  if (!state || state.targets.length !== 1 || state.targets[0] !== project.id) return null;
  const closeTo = withDialog(location, null);
  const props = { state, closeTo, labels: [], projects: [project], currentFolder: null };
  switch (state.name) {
    case 'rename':
      return <RenameProjectDialog key={location.search} {...props} />;
    case 'delete':
    case 'reset':
      return <ConfirmProjectsDialog key={location.search} {...props} />;
    default:
      return null;
  }
}

interface DialogProps {
  state: DialogState;
  closeTo: string;
  labels: Label[];
  projects: Project[];
  currentFolder: string | null;
}

/** The refusal of this dialog's last post, if any. */
function useRefusal(intent: string): DashboardActionError | null {
  const result = useActionData<DashboardActionError>();
  return result && result.intent === intent ? result : null;
}

function usePending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

function FolderNameDialog({ state, closeTo, labels }: DialogProps) {
  const renaming = state.name === 'rename-folder';
  const intent = renaming ? 'rename-folder' : 'create-folder';
  const folder = renaming ? findLabel(labels, state.targets[0] ?? null) : null;
  const parent = renaming ? null : findLabel(labels, state.parent);
  const refusal = useRefusal(intent);
  const pending = usePending(intent);
  const error = refusal?.fieldErrors.title ?? refusal?.notice;
  const { hydrated, checked, check } = useTitleCheck(folderTitleMessages);
  const title = renaming
    ? dashboardLabels.renameFolder
    : parent
      ? `${dashboardTexts.createFolder} in ${parent.title}`
      : dashboardTexts.createFolder;
  return (
    <DashboardDialog title={title} closeTo={closeTo}>
      <Form
        method="post"
        preventScrollReset
        className="dashboard-dialog__form"
        noValidate={hydrated}
        onSubmit={check}
      >
        <input type="hidden" name="intent" value={intent} />
        {renaming ? <input type="hidden" name="folder" value={folder?.id ?? ''} /> : null}
        {!renaming ? <input type="hidden" name="parentId" value={parent?.id ?? ''} /> : null}
        <TitleField
          label={dashboardLabels.folderName}
          messages={folderTitleMessages}
          defaultValue={refusal?.values?.title ?? folder?.title ?? ''}
          serverError={error}
          checked={checked}
        />
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton pending={pending}>
            {renaming ? dashboardLabels.save : dashboardLabels.create}
          </SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}

/** Radio choices of folders, indented as the tree; `exclude` (and its subtree) left out. */
function FolderChoices({
  labels,
  name,
  noneLabel,
  defaultValue,
  exclude = null,
}: {
  labels: Label[];
  name: string;
  noneLabel: string;
  defaultValue: string;
  exclude?: string | null;
}) {
  const rows: Array<{ label: Label; depth: number }> = [];
  const walk = (list: Label[], depth: number) => {
    for (const label of list) {
      if (label.id === exclude) continue;
      rows.push({ label, depth });
      walk(label.children, depth + 1);
    }
  };
  walk(labels, 0);
  return (
    <fieldset className="folder-choices">
      <legend className="visually-hidden">Folder</legend>
      <label className="folder-choices__row">
        <input type="radio" name={name} value="" defaultChecked={defaultValue === ''} />
        {icons.all}
        <span>{noneLabel}</span>
      </label>
      {rows.map(({ label, depth }) => (
        <label
          key={label.id}
          className="folder-choices__row"
          // A long name is cut: the whole of it on hover (and, by the CSS, on keyboard focus).
          title={label.title}
          style={{ paddingInlineStart: `${0.75 + depth * 1.25}rem` }}
        >
          <input
            type="radio"
            name={name}
            value={label.id}
            defaultChecked={defaultValue === label.id}
          />
          {icons.folder}
          <span>{label.title}</span>
        </label>
      ))}
    </fieldset>
  );
}

function MoveFolderDialog({ state, closeTo, labels }: DialogProps) {
  const folder = findLabel(labels, state.targets[0] ?? null);
  const refusal = useRefusal('move-folder');
  const pending = usePending('move-folder');
  return (
    <DashboardDialog
      title={folder ? `${dashboardLabels.moveFolder} ${folder.title}` : dashboardLabels.moveFolder}
      closeTo={closeTo}
    >
      <Form method="post" preventScrollReset className="dashboard-dialog__form">
        <input type="hidden" name="intent" value="move-folder" />
        <input type="hidden" name="folder" value={folder?.id ?? ''} />
        <FolderChoices
          labels={labels}
          name="parentId"
          noneLabel={dashboardLabels.topLevel}
          defaultValue={refusal?.values?.parentId ?? folder?.parentId ?? ''}
          exclude={folder?.id ?? null}
        />
        <FormNotice>{refusal?.notice}</FormNotice>
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton pending={pending}>{dashboardLabels.move}</SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}

function DeleteFolderDialog({ state, closeTo, labels, currentFolder }: DialogProps) {
  const folder = findLabel(labels, state.targets[0] ?? null);
  // The page shown goes with the folder when it is that folder or one inside it.
  const leaving = folder !== null && pathTo([folder], currentFolder).length > 0;
  const refusal = useRefusal('delete-folder');
  const pending = usePending('delete-folder');
  const counts = folder ? subtreeCounts(folder) : { folders: 0, projects: 0 };
  return (
    <DashboardDialog title={dashboardLabels.deleteFolder} closeTo={closeTo}>
      <p className="dashboard-dialog__text">
        {dashboardQuestions.deleteFolder(folder?.title ?? '', counts.folders, counts.projects)}
      </p>
      <Form method="post" preventScrollReset className="dashboard-dialog__form">
        <input type="hidden" name="intent" value="delete-folder" />
        <input type="hidden" name="folder" value={folder?.id ?? state.targets[0] ?? ''} />
        {leaving ? <input type="hidden" name="leave" value="1" /> : null}
        <FormNotice>{refusal?.notice}</FormNotice>
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton variant="danger" pending={pending}>
            {dashboardLabels.delete}
          </SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}

function RenameProjectDialog({ state, closeTo, projects }: DialogProps) {
  const project = projects.find((candidate) => candidate.id === state.targets[0]);
  const refusal = useRefusal('rename');
  const pending = usePending('rename');
  const error = refusal?.fieldErrors.title ?? refusal?.notice;
  const { hydrated, checked, check } = useTitleCheck(projectTitleMessages);
  return (
    <DashboardDialog title={dashboardLabels.renameProject} closeTo={closeTo}>
      <Form
        method="post"
        preventScrollReset
        className="dashboard-dialog__form"
        noValidate={hydrated}
        onSubmit={check}
      >
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="project" value={state.targets[0] ?? ''} />
        <TitleField
          label={dashboardLabels.projectName}
          messages={projectTitleMessages}
          defaultValue={refusal?.values?.title ?? project?.title ?? ''}
          serverError={error}
          checked={checked}
        />
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton pending={pending}>{dashboardLabels.save}</SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}

function MoveProjectsDialog({ state, closeTo, labels, projects, currentFolder }: DialogProps) {
  const refusal = useRefusal('move');
  const pending = usePending('move');
  const single =
    state.targets.length === 1 ? projects.find((p) => p.id === state.targets[0]) : undefined;
  const title =
    state.targets.length > 1
      ? `${dashboardLabels.moveToFolder}: ${state.targets.length} projects`
      : dashboardLabels.moveToFolder;
  if (state.targets.length === 0) return <NothingSelected title={title} closeTo={closeTo} />;
  return (
    <DashboardDialog title={title} closeTo={closeTo} className="dashboard-dialog--move">
      {single ? <p className="dashboard-dialog__text">{single.title}</p> : null}
      <Form method="post" preventScrollReset className="dashboard-dialog__form">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="ids" value={state.targets.join(',')} />
        <FolderChoices
          labels={labels}
          name="label"
          noneLabel={dashboardTexts.allProjects}
          defaultValue={refusal?.values?.label ?? single?.label ?? currentFolder ?? ''}
        />
        <FormNotice>{refusal?.notice}</FormNotice>
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton pending={pending}>{dashboardLabels.move}</SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}

function ConfirmProjectsDialog({ state, closeTo, projects }: DialogProps) {
  const resetting = state.name === 'reset';
  const intent = resetting ? 'reset' : 'delete';
  const refusal = useRefusal(intent);
  const pending = usePending(intent);
  // Only changed demos reset: the selection form without JavaScript may bring originals too.
  const targets = resetting
    ? state.targets.filter((id) => {
        const project = projects.find((candidate) => candidate.id === id);
        return !project || isChangedDemo(project);
      })
    : state.targets;
  const count = targets.length;
  const only = count === 1 ? (projects.find((p) => p.id === targets[0])?.title ?? null) : null;
  const title = resetting ? dashboardLabels.reset : dashboardLabels.delete;
  if (count === 0) return <NothingSelected title={title} closeTo={closeTo} />;
  return (
    <DashboardDialog title={title} closeTo={closeTo}>
      <p className="dashboard-dialog__text">
        {resetting
          ? dashboardQuestions.resetDemos(count, only)
          : dashboardQuestions.deleteProjects(count, only)}
      </p>
      <Form method="post" preventScrollReset className="dashboard-dialog__form">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="ids" value={targets.join(',')} />
        <FormNotice>{refusal?.notice}</FormNotice>
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton variant={resetting ? 'primary' : 'danger'} pending={pending}>
            {resetting ? dashboardLabels.reset : dashboardLabels.delete}
          </SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}

/**
 * A bulk dialog opened with nothing ticked (the selection form without JavaScript): the
 * server's own words for an empty selection, and only the way back.
 */
function NothingSelected({ title, closeTo }: { title: string; closeTo: string }) {
  return (
    <DashboardDialog title={title} closeTo={closeTo}>
      <p className="dashboard-dialog__text">{projectMessages.projectsRequired}</p>
      <div className="dashboard-dialog__buttons">
        <CancelLink to={closeTo} />
      </div>
    </DashboardDialog>
  );
}

/**
 * With JavaScript a title is checked by the same rule as the server's (contracts titleProblem,
 * its messages naming the field) when the form is sent; after that, as it is typed. Without,
 * the browser's own checks and the server's answer do it.
 */
function useTitleCheck(messages: TitleMessages) {
  const hydrated = useHydrated();
  const [checked, setChecked] = useState(false);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const title = new FormData(event.currentTarget).get('title');
    if (titleProblem(typeof title === 'string' ? title : '', messages) !== null) {
      event.preventDefault();
      setChecked(true);
    }
  };
  return { hydrated, checked, check };
}

function TitleField({
  label,
  messages,
  defaultValue,
  serverError,
  checked,
}: {
  label: string;
  /** The rule's messages for this field (they name it as `label` does). */
  messages: TitleMessages;
  defaultValue: string;
  serverError: string | undefined;
  /** The form was sent once: the live rule shows its answer. */
  checked: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  // A server error shows until the field is edited (each new answer shows its own again);
  // the contracts' rule once the form was sent.
  const field = useFieldState({
    serverError,
    error: checked ? (titleProblem(value, messages) ?? undefined) : undefined,
    defaultValue,
  });
  const error = field.shownError;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          name="title"
          required
          maxLength={TITLE_MAX_LENGTH}
          autoComplete="off"
          // The dialog's one field.
          autoFocus
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          ref={field.ref}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            field.edited(event.currentTarget.value);
          }}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
