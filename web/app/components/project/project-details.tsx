import {
  formatCardDate,
  formatDimensions,
  formatDuration,
  formatSizeMb,
  projectViewerTexts,
} from '@animata/contracts';
import { Link } from '@remix-run/react';
import { useId, type ReactNode } from 'react';

const MB = 1024 * 1024;

/** What the details list shows of a project (the page's loader decides the words). */
export interface ViewerDetails {
  dimension: { width: number; height: number };
  /** ms; 0 for a still image. */
  duration: number;
  /** Bytes taken from the storage limit. */
  size: number;
  createdAt: string;
  updatedAt: string;
  /** The folder it is in, as the dashboard names and links it. */
  folder: { title: string; href: string };
  /** Who owns it, in words; null when there is nothing to say. */
  owner: string | null;
}

/** The project's details (issue 29): size, length, dates, folder, owner. */
export function ProjectDetails({ details }: { details: ViewerDetails }) {
  const titleId = useId();
  const rows: Array<[string, ReactNode]> = [
    [projectViewerTexts.dimensions, formatDimensions(details.dimension)],
    [
      projectViewerTexts.duration,
      details.duration > 0 ? formatDuration(details.duration) : projectViewerTexts.stillImage,
    ],
    [projectViewerTexts.fileSize, formatSizeMb(details.size / MB)],
    [projectViewerTexts.created, <Day key="created" iso={details.createdAt} />],
    [projectViewerTexts.updated, <Day key="updated" iso={details.updatedAt} />],
    [
      projectViewerTexts.folder,
      <Link key="folder" to={details.folder.href}>
        {details.folder.title}
      </Link>,
    ],
  ];
  if (details.owner !== null) rows.push([projectViewerTexts.owner, details.owner]);
  return (
    <section className="project-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="project-details__title">
        {projectViewerTexts.details}
      </h2>
      <dl className="project-details__list">
        {rows.map(([term, value]) => (
          <div key={term} className="project-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatCardDate(iso)}</time>;
}
