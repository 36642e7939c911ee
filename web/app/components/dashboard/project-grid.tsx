import {
  filesPerRow,
  gridWidth,
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
 * page size from the viewport's height; both again on resize. The page size is remembered in
 * a cookie, so every later list request asks for it; a resize on page 1 that changes it
 * reloads the list.
 */
export function useGridMeasure(page: number, rows: number): number | null {
  const [perRow, setPerRow] = useState<number | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const asked = useRef<number | null>(null);

  useEffect(() => {
    const measure = (reload: boolean) => {
      const columns = filesPerRow(gridWidth(document.body.clientWidth));
      setPerRow(columns);
      const size = pageSize(window.innerHeight, columns);
      document.cookie = `${GRID_ROWS_COOKIE}=${size}; Path=/; Max-Age=31536000; SameSite=Lax`;
      if (reload && page === 1 && size !== rows && asked.current !== size) {
        asked.current = size;
        // The same address (its dialog kept), without a page size of its own.
        const params = new URLSearchParams(location.search);
        params.delete(LIST_PARAMS.rows);
        const search = params.toString();
        navigate(`${location.pathname}${search ? `?${search}` : ''}`, {
          replace: true,
          preventScrollReset: true,
        });
      }
    };
    // At load the measurement is remembered for the next list (a reload now would race
    // whatever the visitor starts doing); a resize on page 1 reloads the list (§9).
    measure(false);
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => measure(true));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [page, rows, location, navigate]);

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
    <ul className={`project-grid${perRow ? ' project-grid--measured' : ''}`} style={style}>
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
