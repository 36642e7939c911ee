import {
  endpoints,
  fillPath,
  formatDuration,
  formatEta,
  formatSizeMb,
  isActiveRenderStatus,
  isDaysLeftWarning,
  RENDER_INTENTS,
  renderDaysLeft,
  renderPageTexts,
  renderStatusLabel,
  renderTexts,
  type RenderExport,
  type RenderExtension,
} from '@animata/contracts';
import { Form, Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { withRenderDialog, type RenderShareData } from '../../utils/renders/render-view.js';
import { NoticeCard } from '../ui/snackbar.js';
import { InSnackbarStack } from '../ui/snackbar-stack.js';

/** The form the cards' checkboxes belong to without JavaScript (a GET opening the bulk delete). */
export const RENDER_SELECTION_FORM_ID = 'render-selection';

export const renderFileHref = (id: string, kind: 'preview' | 'download') =>
  fillPath(endpoints.renders[kind].path, { params: { id } });

/** Animated images preview as an image; videos in a player; a zip has no preview (§7). */
export function previewKind(extension: RenderExtension): 'video' | 'image' | null {
  if (extension === 'zip') return null;
  if (extension === 'gif' || extension === 'webp' || extension === 'apng') return 'image';
  return 'video';
}

const PENDING = ['queued', 'scheduled'];

/**
 * One render (projects-dashboard §2 Renders screen, §4): the progress bar with the status
 * (Pending, Starting, the percent, Done), the remaining time, duration, resolution and fps, the
 * days-left chip (warning at 7 days or fewer, §9), and what the render allows: Abort and the
 * priority while it waits or runs; Preview, Download, Share, Details and Delete once done.
 */
export function RenderCard({
  render,
  now,
  selectable,
  selected,
  onToggle,
}: {
  render: RenderExport;
  now: Date;
  selectable: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
}) {
  const location = useLocation();
  const titleId = useId();
  const { job } = render;
  const active = isActiveRenderStatus(job.status);
  const done = job.status === 'done';
  const percent = done ? 100 : Math.max(0, Math.min(100, Math.round(job.percent)));
  const days = done ? renderDaysLeft(render.deleteAt, now) : null;
  const { resolution, framerate, extension } = job.jobInput;
  const dialog = (name: 'details' | 'preview' | 'abort' | 'delete') =>
    withRenderDialog(location, { name, ids: [render.id] });
  return (
    <article
      className={`render-card render-card--${job.status}${selected ? ' render-card--selected' : ''}`}
      aria-labelledby={titleId}
      data-render={render.id}
      data-status={job.status}
    >
      <header className="render-card__header">
        {selectable ? (
          <input
            type="checkbox"
            className="render-card__check"
            name="render"
            value={render.id}
            form={RENDER_SELECTION_FORM_ID}
            checked={selected}
            onChange={() => onToggle(render.id)}
            aria-label={renderPageTexts.select(render.title)}
          />
        ) : null}
        <div className="render-card__heading">
          <h3 id={titleId} className="render-card__title">
            {render.title}
          </h3>
          <p className="render-card__format">
            {renderTexts.extensionNames[extension]}
            {render.watermark ? ` · ${renderPageTexts.watermarked}` : ''}
          </p>
        </div>
        {days !== null ? (
          <span
            className={`chip render-card__days${isDaysLeftWarning(days) ? ' chip--warning' : ''}`}
            data-warning={isDaysLeftWarning(days) ? 'true' : undefined}
          >
            {renderTexts.daysLeft(days)}
          </span>
        ) : null}
      </header>
      {job.status === 'failed' || job.status === 'aborted' ? null : (
        <div className="render-card__progress">
          <div
            className="progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={renderStatusLabel(job.status, percent)}
            aria-label={renderPageTexts.progressLabel(render.title)}
          >
            <span className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
          <p className="render-card__status" aria-live="polite">
            <span className="render-card__label">{renderStatusLabel(job.status, percent)}</span>
            {job.status === 'progress' && job.eta !== null ? (
              <span className="render-card__eta">{renderTexts.remaining(formatEta(job.eta))}</span>
            ) : null}
          </p>
        </div>
      )}
      {job.status === 'failed' ? (
        <p className="render-card__error" role="status">
          {renderPageTexts.failedReason(job.error ?? '')}
        </p>
      ) : null}
      <dl className="render-card__facts">
        <div>
          <dt>{renderPageTexts.detailLabels.duration}</dt>
          <dd>{formatDuration(render.duration)}</dd>
        </div>
        <div>
          <dt>{renderPageTexts.detailLabels.resolution}</dt>
          <dd>{renderPageTexts.resolution(resolution.width, resolution.height)}</dd>
        </div>
        <div>
          <dt>{renderPageTexts.detailLabels.framerate}</dt>
          <dd>{renderPageTexts.fps(framerate)}</dd>
        </div>
        {done ? (
          <div>
            <dt>{renderPageTexts.detailLabels.size}</dt>
            <dd>{formatSizeMb(render.size)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="render-card__actions">
        {active ? (
          <>
            {PENDING.includes(job.status) ? <PriorityButtons render={render} /> : null}
            <Link
              to={dialog('abort')}
              className="button button--ghost button--small"
              preventScrollReset
            >
              {renderTexts.abort}
            </Link>
          </>
        ) : null}
        {done ? (
          <>
            {previewKind(extension) ? (
              <Link
                to={dialog('preview')}
                className="button button--ghost button--small"
                preventScrollReset
              >
                {renderTexts.preview}
              </Link>
            ) : null}
            <a
              href={renderFileHref(render.id, 'download')}
              className="button button--ghost button--small"
              download
            >
              {renderTexts.download}
            </a>
            <ShareButton render={render} />
            <Link
              to={dialog('details')}
              className="button button--ghost button--small"
              preventScrollReset
            >
              {renderTexts.details}
            </Link>
          </>
        ) : null}
        {active ? null : (
          <Link
            to={dialog('delete')}
            className="button button--ghost button--small button--danger-text"
            preventScrollReset
          >
            {renderTexts.delete}
          </Link>
        )}
      </div>
    </article>
  );
}

/** Move a waiting job up or down in the customer's own line (POST video/set-priotity, §7). */
function PriorityButtons({ render }: { render: RenderExport }) {
  const { priority } = render.job;
  const button = (delta: 1 | -1, label: string, symbol: string) => (
    <Form method="post" preventScrollReset className="render-card__priority">
      <input type="hidden" name="intent" value={RENDER_INTENTS.priority} />
      <input type="hidden" name="render" value={render.id} />
      <input type="hidden" name="priority" value={priority + delta} />
      <button
        type="submit"
        className="button button--ghost button--small"
        aria-label={`${label}: ${render.title}`}
        title={label}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
    </Form>
  );
  return (
    <span
      role="group"
      aria-label={renderPageTexts.priority(render.title)}
      className="render-card__priorities"
    >
      {button(1, renderPageTexts.moveUp, '↑')}
      {button(-1, renderPageTexts.moveDown, '↓')}
    </span>
  );
}

/**
 * Share (§7 video handler): the signed URL. With JavaScript it is copied to the clipboard and the
 * page says 'Link was copied to clipboard'; without, the page's notice shows the URL.
 */
function ShareButton({ render }: { render: RenderExport }) {
  const fetcher = useFetcher<RenderShareData>();
  const hydrated = useHydrated();
  const [note, setNote] = useState<{ text: string; key: number } | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || !('shareUrl' in answer)) return;
    const show = (text: string) => setNote((current) => ({ text, key: (current?.key ?? 0) + 1 }));
    navigator.clipboard
      .writeText(answer.shareUrl)
      .then(() => show(renderTexts.linkCopied))
      // No clipboard permission: the link itself, to copy by hand.
      .catch(() => show(renderPageTexts.shareNotice(answer.shareUrl)));
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (!note) return undefined;
    const timer = setTimeout(() => setNote(null), 6000);
    return () => clearTimeout(timer);
  }, [note]);
  return (
    <>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={RENDER_INTENTS.share} />
        <input type="hidden" name="render" value={render.id} />
        {hydrated ? <input type="hidden" name="scripted" value="1" /> : null}
        <button
          type="submit"
          className="button button--ghost button--small"
          disabled={fetcher.state !== 'idle'}
        >
          {renderTexts.share}
        </button>
      </fetcher.Form>
      <InSnackbarStack>
        <div role="status" aria-live="polite">
          {note ? (
            <NoticeCard key={note.key} type="success" onClose={() => setNote(null)}>
              {note.text}
            </NoticeCard>
          ) : null}
        </div>
      </InSnackbarStack>
    </>
  );
}
