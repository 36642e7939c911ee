/**
 * The project page as the viewer (issue 29): until the editor comes (another team's product),
 * a project opens here: the animation playing at its size with play/pause and a timeline, its
 * details, and the dashboard's actions. The spec names none of these words; they are ours.
 */
export const projectViewerTexts = {
  play: 'Play',
  pause: 'Pause',
  timeline: 'Timeline',
  /** The group of the play button and the timeline. */
  player: 'Player',
  /** The timeline's spoken value: '0:01.2 of 0:02.0'. */
  position: (at: string, total: string) => `${at} of ${total}`,
  details: 'Details',
  dimensions: 'Dimensions',
  duration: 'Duration',
  stillImage: 'Still image',
  fileSize: 'File size',
  created: 'Created',
  updated: 'Last modified',
  folder: 'Folder',
  owner: 'Owner',
  /** The customer's own project. */
  ownerYou: 'You',
  /** A demo original: Animata's own. */
  ownerDemo: 'Animata',
  /** The actions' group on the page. */
  actions: 'Project actions',
} as const;

/** A project's size as the details show it: '320 × 180 px'. */
export function formatDimensions(dimension: { width: number; height: number }): string {
  return `${dimension.width} × ${dimension.height} px`;
}

/**
 * A point on the timeline as minutes, seconds and tenths ('0:01.2', '12:04.0'): the tenth a
 * 60 fps animation can be placed to by the arrow keys, and a width that does not jump.
 */
export function formatTimecode(ms: number): string {
  const tenths = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}
