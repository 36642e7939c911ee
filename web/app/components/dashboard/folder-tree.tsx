import { dashboardLabels, sharingMessages, withShareParam, type Label } from '@animata/contracts';
import { Link, NavLink, useLocation } from '@remix-run/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { icons } from './icons.js';
import { MenuPopover } from './menu-popover.js';
import { folderPath, pathTo, withDialog } from './view.js';

/**
 * The customer's folder tree (§2 side menu): indentation, expand/collapse, and each folder's
 * menu (rename, move, delete). A tree of links with disclosure buttons rather than an ARIA tree
 * widget: every folder is a link in the tab order, its toggle a button that says whether it is
 * expanded, so it works with a keyboard and a screen reader without a custom key map. The path
 * to the open folder starts expanded (without JavaScript that is how one goes deeper).
 */
export function FolderTree({ labels, current }: { labels: Label[]; current: string | null }) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(pathTo(labels, current)));
  // Opening a folder elsewhere (a card, the address) unfolds the way to it.
  useEffect(() => {
    const path = pathTo(labels, current);
    if (path.length === 0) return;
    setExpanded((open) => (path.every((id) => open.has(id)) ? open : new Set([...open, ...path])));
  }, [labels, current]);

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (labels.length === 0) return null;
  return (
    <ul className="folder-tree" aria-label="Folders">
      {labels.map((label) => (
        <FolderItem key={label.id} label={label} depth={0} expanded={expanded} onToggle={toggle} />
      ))}
    </ul>
  );
}

function FolderItem({
  label,
  depth,
  expanded,
  onToggle,
}: {
  label: Label;
  depth: number;
  expanded: Set<string>;
  onToggle: (id: string) => void;
}) {
  const hasChildren = label.children.length > 0;
  const open = hasChildren && expanded.has(label.id);
  const groupId = `folder-children-${label.id}`;
  const onKeyDown = (event: KeyboardEvent) => {
    // Arrow keys open and close a folder from its link too, as in a file tree.
    if (!hasChildren) return;
    if ((event.key === 'ArrowRight' && !open) || (event.key === 'ArrowLeft' && open)) {
      event.preventDefault();
      onToggle(label.id);
    }
  };
  return (
    <li className="folder-tree__item">
      <div className="folder-tree__row" style={{ paddingInlineStart: `${depth * 16}px` }}>
        {hasChildren ? (
          <button
            type="button"
            className="folder-tree__toggle"
            aria-expanded={open}
            aria-controls={groupId}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${label.title}`}
            onClick={() => onToggle(label.id)}
          >
            {open ? icons.chevronDown : icons.chevronRight}
          </button>
        ) : (
          <span className="folder-tree__toggle folder-tree__toggle--empty" aria-hidden="true" />
        )}
        <NavLink
          to={folderPath(label.id)}
          className="side-menu__link folder-tree__link"
          // A long name is cut: the whole of it on hover (and, by the CSS, on keyboard focus).
          title={label.title}
          onKeyDown={onKeyDown}
        >
          {icons.folder}
          <span className="side-menu__text">{label.title}</span>
        </NavLink>
        <FolderActions folder={label} className="folder-tree__menu" />
      </div>
      {hasChildren ? (
        <ul id={groupId} className="folder-tree__group" hidden={!open}>
          {label.children.map((child) => (
            <FolderItem
              key={child.id}
              label={child}
              depth={depth + 1}
              expanded={expanded}
              onToggle={onToggle}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A folder's menu: a sub-folder, rename, move, delete (the side menu and the folder's page). */
export function FolderActions({ folder, className }: { folder: Label; className?: string }) {
  const location = useLocation();
  return (
    <MenuPopover label={`Folder actions for ${folder.title}`} className={className}>
      <Link
        to={withDialog(location, { name: 'create-folder', parent: folder.id })}
        preventScrollReset
      >
        {dashboardLabels.create} sub-folder
      </Link>
      <Link
        to={withDialog(location, { name: 'rename-folder', targets: [folder.id] })}
        preventScrollReset
      >
        {dashboardLabels.renameFolder}
      </Link>
      <Link
        to={withDialog(location, { name: 'move-folder', targets: [folder.id] })}
        preventScrollReset
      >
        {dashboardLabels.moveFolder}
      </Link>
      <Link
        to={withDialog(location, { name: 'delete-folder', targets: [folder.id] })}
        preventScrollReset
      >
        {dashboardLabels.deleteFolder}
      </Link>
      {folder.isDemo ? null : (
        <Link to={withShareParam(location, `label:${folder.id}`)} preventScrollReset>
          {sharingMessages.share}
        </Link>
      )}
    </MenuPopover>
  );
}
