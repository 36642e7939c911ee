import { formatTimecode, projectViewerTexts } from '@animata/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { inlineDocument, SHADOW_STYLE } from '../../utils/project-viewer/inline-document.js';
import { measuredLength, Playback } from '../../utils/project-viewer/playback.js';

/**
 * The project playing at its size (scaled down, never up, to fit), on the project's background
 * or the checkerboard (issue 29). The server renders the document as an image of its address:
 * without JavaScript it plays as images do, and nothing in it can run. With JavaScript the same
 * document is fetched and placed inline in a shadow root (its styles and ids stay its own), so
 * the player can move its SMIL and CSS animations: Play/Pause and a timeline, both keyboard
 * controls of their own. A visitor who asked for reduced motion gets it paused at the start.
 */
export function ProjectViewer({
  title,
  documentHref,
  dimension,
  duration,
  fps,
  background,
  onLength,
}: {
  title: string;
  documentHref: string;
  dimension: { width: number; height: number };
  /** ms; 0 when the data has none (a still image, unless its document moves). */
  duration: number;
  fps: number;
  background: string;
  /** The player's timeline in ms, once there is one. */
  onLength?: (ms: number) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  // The document once it is placed inline; until then the image shows.
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const { width, height } = dimension;
  const inline = svg !== null;

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const request = new AbortController();
    void fetch(documentHref, { signal: request.signal })
      .then((response) => (response.ok ? response.text() : null))
      .then((text) => {
        const placed = text === null ? null : inlineDocument(text, { width, height });
        // Not SVG, or the request failed: the image stays.
        if (!placed || request.signal.aborted) return;
        const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
        const style = document.createElement('style');
        style.textContent = SHADOW_STYLE;
        root.replaceChildren(style, placed);
        setSvg(placed);
      })
      .catch(() => undefined);
    return () => request.abort();
  }, [documentHref, width, height]);

  // Once the inline document shows (a hidden one has no CSS animations yet), the player takes
  // it: on the project's duration, or, for a project without one whose document moves all the
  // same, on what its animations measure (anything that moves can be paused).
  useEffect(() => {
    if (!svg) return undefined;
    const length = duration > 0 ? duration : measuredLength(svg);
    if (length <= 0) return undefined;
    const made = new Playback(svg, length, 1000 / Math.max(1, fps));
    made.start({ paused: matchMedia('(prefers-reduced-motion: reduce)').matches });
    setPlayback(made);
    onLength?.(length);
    return () => {
      made.dispose();
      setPlayback(null);
    };
  }, [svg, duration, fps, onLength]);

  return (
    <figure className="project-viewer" data-viewer-ready={inline ? '' : undefined}>
      <div className="project-viewer__stage">
        <div
          className="project-viewer__frame"
          style={{
            // At its size, scaled down (never up) to the stage's width and the screen's height.
            width: `min(${width}px, 100%, calc(75vh * ${width} / ${height}))`,
            aspectRatio: `${width} / ${height}`,
            // The project's own background colour; a transparent one shows the checkerboard.
            ...(background === 'transparent' ? {} : { background }),
          }}
        >
          {inline ? null : (
            <img
              className="project-viewer__image"
              src={documentHref}
              width={width}
              height={height}
              alt={title}
            />
          )}
          <div
            ref={host}
            className={`project-viewer__canvas${inline ? '' : ' project-viewer__canvas--pending'}`}
            role="img"
            aria-label={title}
          />
        </div>
      </div>
      {playback ? <PlayerControls playback={playback} /> : null}
    </figure>
  );
}

/** Play/Pause and the timeline: a range of the frames (arrows step one, Page keys a tenth). */
function PlayerControls({ playback }: { playback: Playback }) {
  const { time, playing } = useSyncExternalStore(
    playback.subscribe,
    playback.getState,
    playback.getState,
  );
  const total = formatTimecode(playback.duration);
  const at = formatTimecode(time);
  return (
    <div className="project-viewer__controls" role="group" aria-label={projectViewerTexts.player}>
      <button
        type="button"
        className="button button--primary button--small project-viewer__play"
        onClick={() => playback.toggle()}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
        <span>{playing ? projectViewerTexts.pause : projectViewerTexts.play}</span>
      </button>
      <input
        type="range"
        className="project-viewer__timeline"
        min={0}
        max={playback.frames}
        step={1}
        value={playback.frameAt(time)}
        aria-label={projectViewerTexts.timeline}
        aria-valuetext={projectViewerTexts.position(at, total)}
        onChange={(event) => playback.seek(playback.timeOfFrame(event.currentTarget.valueAsNumber))}
      />
      <span className="project-viewer__time" aria-hidden="true">
        {at} / {total}
      </span>
    </div>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}
