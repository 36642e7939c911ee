import {
  dashboardLabels,
  dashboardTexts,
  DEMO_FOLDER_ID,
  formatSizeMb,
  pagePaths,
  storagePercent,
  type FileSlots,
  type Label,
  type StorageUsage,
  type Team,
} from '@animata/contracts';
import { Link, NavLink, useLocation } from '@remix-run/react';
import { FolderTree } from './folder-tree.js';
import { icons } from './icons.js';
import { folderPath, ownLabels, withDialog } from './view.js';

/** What the side menu shows of a team: its name and its folders. */
export interface MenuTeam {
  id: string;
  title: string;
  labels: Label[];
}

export function menuTeamOf(team: Team): MenuTeam {
  return { id: team.id, title: team.title, labels: team.labels ?? [] };
}

export interface SideMenuCustomer {
  isFree: boolean;
  isTeam: boolean;
  partOfTeam: boolean;
  storage: StorageUsage;
  files: FileSlots;
}

/**
 * The side menu in the spec's order (§2): All projects with a create-folder action, the folder
 * tree, a divider, My renders, Shared with me, the demo folder, Create a team with the invite
 * notice (no team yet), the teams with their folders, the storage box (free plan).
 */
export function SideMenu({
  labels,
  teams = [],
  customer,
  currentFolder,
}: {
  labels: Label[];
  teams?: MenuTeam[];
  customer: SideMenuCustomer;
  currentFolder: string | null;
}) {
  const location = useLocation();
  const hasTeam = customer.isTeam || customer.partOfTeam || teams.length > 0;
  return (
    <nav className="side-menu" aria-label="Projects">
      <ul className="side-menu__list">
        <li className="side-menu__row">
          <NavLink to={pagePaths.home} end className="side-menu__link">
            {icons.all}
            <span className="side-menu__text">{dashboardTexts.allProjects}</span>
          </NavLink>
          <Link
            to={withDialog(location, { name: 'create-folder' })}
            className="side-menu__action"
            aria-label={dashboardTexts.createFolder}
            title={dashboardTexts.createFolder}
            preventScrollReset
          >
            {icons.folderCreate}
          </Link>
        </li>
      </ul>
      <FolderTree labels={ownLabels(labels)} current={currentFolder} />
      <hr className="side-menu__divider" />
      <ul className="side-menu__list">
        <li>
          <NavLink to={pagePaths.renders} className="side-menu__link">
            {icons.renders}
            <span className="side-menu__text">{dashboardTexts.myRenders}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={pagePaths.sharedWithMe} className="side-menu__link">
            {icons.shared}
            <span className="side-menu__text">{dashboardTexts.sharedWithMe}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={folderPath(DEMO_FOLDER_ID)} className="side-menu__link">
            {icons.demo}
            <span className="side-menu__text">{dashboardTexts.demoProjects}</span>
          </NavLink>
        </li>
      </ul>
      {hasTeam ? null : (
        <div className="side-menu__team">
          <Link to={pagePaths.pricing} className="side-menu__link">
            {icons.team}
            <span className="side-menu__text">{dashboardTexts.createTeam}</span>
          </Link>
          <p className="side-menu__notice">{dashboardLabels.inviteNotice}</p>
        </div>
      )}
      {teams.length > 0 ? <TeamsMenu teams={teams} /> : null}
      {customer.isFree ? <StorageBox storage={customer.storage} files={customer.files} /> : null}
    </nav>
  );
}

/** The customer's teams, each with the folders shared with it (§2, §7). */
function TeamsMenu({ teams }: { teams: MenuTeam[] }) {
  return (
    <ul className="side-menu__list side-menu__teams" aria-label="Teams">
      {teams.map((team) => (
        <li key={team.id}>
          <NavLink to={teamPath(team.id)} end className="side-menu__link">
            {icons.team}
            <span className="side-menu__text">{team.title}</span>
          </NavLink>
          {team.labels.length > 0 ? <TeamFolders team={team.id} labels={team.labels} /> : null}
        </li>
      ))}
    </ul>
  );
}

function TeamFolders({ team, labels }: { team: string; labels: Label[] }) {
  return (
    <ul className="side-menu__list side-menu__team-folders">
      {labels.map((label) => (
        <li key={label.id}>
          <NavLink to={teamPath(team, label.id)} className="side-menu__link">
            {icons.folderShared}
            <span className="side-menu__text">{label.title}</span>
          </NavLink>
          {label.children.length > 0 ? <TeamFolders team={team} labels={label.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** `/team/{team}` or `/team/{team}/{folder}`. */
export function teamPath(team: string, folder?: string): string {
  return `/team/${encodeURIComponent(team)}${folder ? `/${encodeURIComponent(folder)}` : ''}`;
}

/**
 * The storage box of free accounts (§1, §9): used of limit, the icon filled by the used
 * percentage, and the slot counter once the used file slots reach the limit.
 */
export function StorageBox({ storage, files }: { storage: StorageUsage; files: FileSlots }) {
  const percent = storagePercent(storage.used, storage.limit);
  const slotsFull = files.limit !== null && files.used >= files.limit;
  return (
    <section className="storage-box" aria-label={dashboardLabels.storage}>
      <div className="storage-box__head">
        <span
          className="storage-box__icon"
          style={{ ['--fill' as string]: `${percent}%` }}
          data-percent={percent}
        >
          {icons.storage}
        </span>
        <p className="storage-box__usage">
          <span className="storage-box__title">{dashboardLabels.storage}</span>
          <span>
            {formatSizeMb(storage.used)} of {formatSizeMb(storage.limit)} used
          </span>
        </p>
      </div>
      <div
        className="storage-box__bar"
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      {slotsFull ? (
        <p className="storage-box__slots" data-testid="slot-counter">
          {dashboardLabels.fileSlots}: {files.used} / {files.limit}
        </p>
      ) : null}
      <p className="storage-box__notice">{dashboardLabels.rendersKept}</p>
      <Link to={pagePaths.pricing} className="button button--primary button--small button--block">
        Upgrade
      </Link>
    </section>
  );
}
