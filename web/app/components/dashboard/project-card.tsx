import {
  dashboardLabels,
  dashboardTexts,
  endpoints,
  fillPath,
  formatCardDate,
  renderPageTexts,
  sharingMessages,
  TITLE_MAX_LENGTH,
  withShareParam,
  type Project,
} from '@animata/contracts';
import {
  Form,
  Link,
  useFetcher,
  useFormAction,
  useLocation,
  useNavigate,
  useSubmit,
} from '@remix-run/react';
import {
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { followInApp, IN_APP_LINK, IN_APP_PAGE_LINK } from '../../utils/in-app-link.js';
import { withExport } from '../renders/export-dialog.js';
import { icons } from './icons.js';
import { MenuPopover } from './menu-popover.js';
import {
  DIALOG_PARAMS,
  isChangedDemo,
  projectPath,
  SELECTION_FORM_ID,
  sharingOf,
  withDialog,
  type DashboardActionError,
  type ViewAbilities,
} from './view.js';

/**
 * One project of the grid (§2): thumbnail (a spinner while the preview is pending), title,
 * last-updated date, the selection checkbox and the hover menu with what §6 allows here.
 * A click opens the project when nothing is selected and toggles it when something is; a
 * right-click is left to the browser. Rename is inline: Enter or leaving the field saves,
 * Escape restores, a paste arrives as plain text.
 */
export function ProjectCard({
  project,
  abilities,
  selectable,
  selected,
  selecting,
  onToggle,
}: {
  project: Project;
  abilities: ViewAbilities;
  /** The view has bulk actions: the card has its selection checkbox. */
  selectable: boolean;
  selected: boolean;
  /** Something on the page is selected: a click toggles instead of opening. */
  selecting: boolean;
  onToggle: (id: string) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [renaming, setRenaming] = useState(false);
  const rename = useFetcher();
  const pendingTitle = rename.formData?.get('title');
  const title =
    typeof pendingTitle === 'string' && pendingTitle.trim() ? pendingTitle : project.title;
  // A refused rename (the server's words) shows under the title.
  const renameData = rename.data as DashboardActionError | undefined;
  const renameRefused = rename.state === 'idle' && renameData?.notice ? renameData.notice : null;
  const open = projectPath(project.id);
  const demo = project.isDemo;
  const changedDemo = isChangedDemo(project);
  // A demo original opens through the open-demo post (a copy is made once); a copy opens itself.
  const openDemo = demo && !changedDemo;
  // Shared with me (§6): an editor renames; anyone who may copy edits a copy; all may remove.
  const canRename = abilities.ownCards || (abilities.sharedCards && project.canEdit);
  const sharing = abilities.ownCards ? sharingOf(project) : null;

  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Its links to the project are plain anchors, followed in the app here (in-app-link.ts).
    if (target.closest('a')) {
      followInApp(event, navigate);
      return;
    }
    if (event.button !== 0 || renaming) return;
    // The card's own controls answer for themselves (the menu follows its own links).
    if (target.closest('details, input, button, form, .project-card__checkbox')) return;
    if (selecting) onToggle(project.id);
    else if (openDemo) submit({ intent: 'open-demo', project: project.id }, { method: 'post' });
    else navigate(open);
  };
  // While something is selected, the card's links to its project (the thumbnail, the title)
  // toggle it instead of opening it, by click, Enter or Space (§2, issue 29); a demo original
  // is not copied either.
  const toggleInstead: ToggleInstead | undefined = selecting
    ? {
        onClick: (event) => {
          if (event.button !== 0) return;
          event.preventDefault();
          event.stopPropagation();
          onToggle(project.id);
        },
        onKeyDown: (event) => {
          // A link has no Space of its own (a button's Space arrives as a click).
          if (event.key !== ' ' || event.currentTarget.tagName !== 'A') return;
          event.preventDefault();
          onToggle(project.id);
        },
      }
    : undefined;

  const dateIso = project.updatedAt || project.createdAt;
  return (
    <article
      className={`project-card${selected ? ' project-card--selected' : ''}`}
      aria-label={title}
      onClick={onCardClick}
      data-testid="project-card"
    >
      {selectable ? (
        <label className="project-card__checkbox">
          {/* Without JavaScript it is a field of the selection form (components/dashboard/
              selection-form.tsx) wherever the card sits: its ids open the bulk dialogs. */}
          <input
            type="checkbox"
            form={SELECTION_FORM_ID}
            name={DIALOG_PARAMS.target}
            value={project.id}
            checked={selected}
            onChange={() => onToggle(project.id)}
            aria-label={`Select ${title}`}
          />
        </label>
      ) : null}
      {/* The thumbnail repeats the title's link for the mouse: out of the tab order and of
          the accessibility tree (an image without words would be a link without a name). */}
      <CardLink
        project={project}
        openDemo={openDemo}
        className="project-card__thumb"
        tabIndex={-1}
        hidden
        toggleInstead={toggleInstead}
      >
        {project.pendingPreview ? (
          <span className="spinner" role="img" aria-label="Preview is being made" />
        ) : project.preview_uri ? (
          <img src={project.preview_uri} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="project-card__no-preview" aria-hidden="true">
            {icons.empty}
          </span>
        )}
      </CardLink>
      <div className="project-card__body">
        {renaming ? (
          <InlineRename project={project} fetcher={rename} onDone={() => setRenaming(false)} />
        ) : (
          <h3 className="project-card__title">
            <CardLink project={project} openDemo={openDemo} toggleInstead={toggleInstead}>
              {title}
            </CardLink>
          </h3>
        )}
        {renameRefused ? (
          <p className="field__error" role="alert">
            {renameRefused}
          </p>
        ) : null}
        <p className="project-card__date">
          <time dateTime={dateIso}>{formatCardDate(dateIso)}</time>
          {demo ? <span className="chip">{changedDemo ? 'Changed demo' : 'Demo'}</span> : null}
          {sharing ? (
            <span
              className="project-card__shared"
              role="img"
              aria-label={
                sharing === 'project' ? dashboardTexts.sharedProject : dashboardTexts.sharedFolder
              }
              title={
                sharing === 'project' ? dashboardTexts.sharedProject : dashboardTexts.sharedFolder
              }
              data-testid="project-card-shared"
            >
              {sharing === 'project' ? icons.shared : icons.folderShared}
            </span>
          ) : null}
        </p>
      </div>
      <MenuPopover label={`Actions for ${title}`} className="project-card__menu">
        {openDemo ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="open-demo" />
            <input type="hidden" name="project" value={project.id} />
            <button type="submit">{dashboardLabels.open}</button>
          </Form>
        ) : (
          <a href={open} {...IN_APP_PAGE_LINK}>
            {project.canEdit ? dashboardLabels.open : dashboardTexts.viewProject}
          </a>
        )}
        {canRename ? (
          <a
            href={withDialog(location, { name: 'rename', targets: [project.id] })}
            {...IN_APP_LINK}
            onClick={(event) => {
              // With JavaScript the title turns into a field right on the card.
              event.preventDefault();
              setRenaming(true);
            }}
          >
            {dashboardLabels.rename}
          </a>
        ) : null}
        {abilities.ownCards ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="duplicate" />
            <input type="hidden" name="project" value={project.id} />
            <button type="submit">{dashboardLabels.duplicate}</button>
          </Form>
        ) : null}
        {abilities.ownCards ? (
          <a href={withDialog(location, { name: 'move', targets: [project.id] })} {...IN_APP_LINK}>
            {dashboardLabels.moveToFolder}
          </a>
        ) : null}
        {abilities.ownCards ? (
          // Export renders a video or an animated image (issue 32); the project's own file
          // is 'Download project file' (decision 296).
          <a href={withExport(location, project.id)} {...IN_APP_LINK}>
            {dashboardLabels.export}
          </a>
        ) : null}
        {abilities.ownCards ? (
          <a
            href={fillPath(endpoints.projects.export.path, { params: { id: project.id } })}
            download
          >
            {renderPageTexts.downloadProjectFile}
          </a>
        ) : null}
        {abilities.ownCards ? (
          <a
            href={withDialog(location, { name: 'delete', targets: [project.id] })}
            {...IN_APP_LINK}
          >
            {dashboardLabels.delete}
          </a>
        ) : null}
        {demo ? null : (
          // §2: the card menu's Share (the owner shares; anyone else sees who has access).
          <a href={withShareParam(location, `project:${project.id}`)} {...IN_APP_LINK}>
            {sharingMessages.share}
          </a>
        )}
        {abilities.sharedCards && project.canCopy ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="edit-copy" />
            <input type="hidden" name="project" value={project.id} />
            <button type="submit">{dashboardTexts.editAsCopy}</button>
          </Form>
        ) : null}
        {abilities.sharedCards ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="remove-shared" />
            <input type="hidden" name="project" value={project.id} />
            <button type="submit">{dashboardTexts.removeShared}</button>
          </Form>
        ) : null}
        {changedDemo && abilities.bulkReset ? (
          <a href={withDialog(location, { name: 'reset', targets: [project.id] })} {...IN_APP_LINK}>
            {dashboardLabels.reset}
          </a>
        ) : null}
      </MenuPopover>
    </article>
  );
}

/** While selecting: what a card's link does instead of opening the project. */
interface ToggleInstead {
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * The card's link to its project; a demo original's opens through its open-demo form. While
 * selecting, it toggles the card instead (`toggleInstead`).
 */
function CardLink({
  project,
  openDemo,
  className,
  tabIndex,
  hidden = false,
  toggleInstead,
  children,
}: {
  project: Project;
  openDemo: boolean;
  className?: string;
  tabIndex?: number;
  /** Hidden from assistive technology (a duplicate of another link). */
  hidden?: boolean;
  toggleInstead?: ToggleInstead;
  children: ReactNode;
}) {
  const events = toggleInstead
    ? { onClick: toggleInstead.onClick, onKeyDown: toggleInstead.onKeyDown }
    : {};
  const ariaHidden = hidden ? { 'aria-hidden': true } : {};
  if (openDemo) {
    return (
      <Form method="post" preventScrollReset className={className} {...ariaHidden}>
        <input type="hidden" name="intent" value="open-demo" />
        <input type="hidden" name="project" value={project.id} />
        <button type="submit" className="project-card__open" tabIndex={tabIndex} {...events}>
          {children}
        </button>
      </Form>
    );
  }
  // The thumbnail's duplicate is a plain anchor the card follows in the app (in-app-link.ts);
  // the title stays a router Link, whose rendering tells the app the project page's route
  // before the click.
  if (hidden) {
    return (
      <a
        href={projectPath(project.id)}
        className={className}
        tabIndex={tabIndex}
        {...IN_APP_PAGE_LINK}
        {...ariaHidden}
        {...events}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={projectPath(project.id)} className={className} tabIndex={tabIndex} {...events}>
      {children}
    </Link>
  );
}

function InlineRename({
  project,
  fetcher,
  onDone,
}: {
  project: Project;
  fetcher: ReturnType<typeof useFetcher>;
  onDone: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const settled = useRef(false);
  // The page's own action (with ?index on All projects and the list's address kept).
  const action = useFormAction();
  const submit = () => {
    if (settled.current) return;
    settled.current = true;
    const value = ref.current?.value.trim() ?? '';
    if (value !== '' && value !== project.title) {
      fetcher.submit(
        { intent: 'rename', project: project.id, title: value },
        { method: 'post', action },
      );
    }
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      // The old name comes back; the snackbar must not take this Escape.
      event.preventDefault();
      event.stopPropagation();
      settled.current = true;
      onDone();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    // Plain text only, on one line, whatever the clipboard held.
    event.preventDefault();
    const text = event.clipboardData.getData('text/plain').replace(/\s+/g, ' ');
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    input.setRangeText(text, start, end, 'end');
  };
  return (
    <input
      ref={ref}
      className="project-card__rename"
      aria-label={dashboardLabels.projectName}
      defaultValue={project.title}
      maxLength={TITLE_MAX_LENGTH}
      // the user asked to rename this card
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onKeyDown={onKeyDown}
      onBlur={submit}
      onPaste={onPaste}
    />
  );
}
