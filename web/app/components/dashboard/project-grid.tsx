import {
  filesPerRow,
  gridWidth,
  pageForWindowSize,
  pageSize,
  placeholdersFor,
  type Project,
} from '@animata/contracts';
import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ProjectCard } from './project-card.js';
import { GRID_ROWS_COOKIE, LIST_PARAMS, type ViewAbilities } from './view.js';

/**
 * The grid's columns and page size for this window (§9): columns from the grid's width, the
 * page size from the viewport's height; both again on resize. The size is remembered in a
 * cookie for this browser's next list, and the list follows it at once when it was read with
 * another (a default, or the size another window of this browser measured, issue 29): page 1
 * reloads; a later page whose address does not carry its size moves to the page that starts
 * with its first project. A later page whose links carried the size keeps it (§9 re-evaluates
 * on page 1 only), so paging never skips or repeats a project.
 */
export function useGridMeasure(page: number, rows: number, total: number): number | null {
  const [perRow, setPerRow] = useState<number | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    const measure = () => {
      const columns = filesPerRow(gridWidth(document.body.clientWidth));
      setPerRow(columns);
      const size = pageSize(window.innerHeight, columns);
      document.cookie = `${GRID_ROWS_COOKIE}=${size}; Path=/; Max-Age=31536000; SameSite=Lax`;
      const params = new URLSearchParams(location.search);
      if (page > 1 && params.has(LIST_PARAMS.rows)) return;
      const target = pageForWindowSize({ page, rows, total }, size);
      // Once per size and place: a browser that keeps no cookie must not reload forever.
      const key = `${location.pathname}?${params.toString()}:${size}`;
      if (target === null || asked.current === key) return;
      asked.current = key;
      // Page 1 without a size of its own (the cookie now holds this window's); a later page
      // with it, so that its links go on with it. The dialog, if any, stays.
      if (target === 1) {
        params.delete(LIST_PARAMS.page);
        params.delete(LIST_PARAMS.rows);
      } else {
        params.set(LIST_PARAMS.page, String(target));
        params.set(LIST_PARAMS.rows, String(size));
      }
      const search = params.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, {
        replace: true,
        preventScrollReset: true,
      });
    };
    measure();
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [page, rows, total, location, navigate]);

  return perRow;
}

/** The cards, with placeholders filling the last row (§2). */
export function ProjectGrid({
  projects,
  abilities,
  perRow,
  selectable,
  selected,
  onToggle,
}: {
  projects: Project[];
  abilities: ViewAbilities;
  perRow: number | null;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const placeholders = perRow ? placeholdersFor(projects.length, perRow) : 0;
  const style = perRow ? ({ '--per-row': perRow } as CSSProperties) : undefined;
  return (
    <ul
      className={`project-grid${perRow ? ' project-grid--measured' : ''}${
        selected.size > 0 ? ' project-grid--selecting' : ''
      }`}
      style={style}
    >
      {projects.map((project) => (
        <li key={project.id} className="project-grid__cell">
          <ProjectCard
            project={project}
            abilities={abilities}
            selectable={selectable}
            selected={selected.has(project.id)}
            selecting={selected.size > 0}
            onToggle={onToggle}
          />
        </li>
      ))}
      {Array.from({ length: placeholders }, (_, index) => (
        <li
          key={`placeholder-${index}`}
          className="project-grid__cell project-grid__placeholder"
          aria-hidden="true"
        />
      ))}
    </ul>
  );
}
