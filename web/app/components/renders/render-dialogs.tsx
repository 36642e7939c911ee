import {
  CODEC_HIDDEN_FOR,
  formatCardDate,
  formatDuration,
  formatSizeMb,
  RENDER_INTENTS,
  renderPageTexts,
  renderTexts,
  type RenderExport,
} from '@animata/contracts';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import type { RenderDialogState } from '../../utils/renders/render-view.js';
import { withRenderDialog } from '../../utils/renders/render-view.js';
import { CancelLink, DashboardDialog } from '../dashboard/dashboard-dialog.js';
import { SubmitButton } from '../ui/submit-button.js';
import { previewKind, renderFileHref } from './render-card.js';

/**
 * The renders screen's dialogs, opened by the address (`?render={id}&show=…`) so that they work
 * without JavaScript: details (max width 600 px, §2), preview, and the confirmations of abort
 * and delete (§4, §6), whose confirm posts the action.
 */
export function RenderDialogs({
  dialog,
  renders,
}: {
  dialog: RenderDialogState | null;
  renders: RenderExport[];
}) {
  const location = useLocation();
  const navigation = useNavigation();
  if (!dialog || renders.length === 0) return null;
  const closeTo = withRenderDialog(location, null);
  const first = renders[0]!;
  const posting = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const confirm = (intent: string, label: string) => (
    <Form method="post" preventScrollReset className="dashboard-dialog__form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="render" value={renders.map((render) => render.id).join(',')} />
      <div className="dashboard-dialog__buttons">
        <CancelLink to={closeTo} />
        <SubmitButton variant="danger" pending={posting(intent)}>
          {label}
        </SubmitButton>
      </div>
    </Form>
  );
  switch (dialog.name) {
    case 'abort':
      return (
        <DashboardDialog key="abort" title={renderPageTexts.abortTitle} closeTo={closeTo}>
          <p>{renderTexts.abortConfirm}</p>
          <p className="muted">{first.title}</p>
          {confirm(RENDER_INTENTS.abort, renderTexts.abort)}
        </DashboardDialog>
      );
    case 'delete':
      return (
        <DashboardDialog key="delete" title={renderPageTexts.deleteTitle} closeTo={closeTo}>
          <p>{renderTexts.deleteConfirm}</p>
          <ul className="render-dialog__titles">
            {renders.map((render) => (
              <li key={render.id}>{render.title}</li>
            ))}
          </ul>
          {confirm(RENDER_INTENTS.delete, renderTexts.delete)}
        </DashboardDialog>
      );
    case 'preview': {
      const kind = previewKind(first.job.jobInput.extension);
      const src = renderFileHref(first.id, 'preview');
      return (
        <DashboardDialog
          key="preview"
          title={renderPageTexts.previewTitle(first.title)}
          closeTo={closeTo}
          className="render-preview"
        >
          {kind === 'video' ? (
            <video className="render-preview__media" src={src} controls preload="metadata" />
          ) : kind === 'image' ? (
            <img className="render-preview__media" src={src} alt={first.title} />
          ) : null}
          <div className="dashboard-dialog__buttons">
            <CloseLink to={closeTo} />
            <a
              href={renderFileHref(first.id, 'download')}
              className="button button--primary"
              download
            >
              {renderTexts.download}
            </a>
          </div>
        </DashboardDialog>
      );
    }
    case 'details':
    case 'share':
      return <DetailsDialog render={first} closeTo={closeTo} />;
  }
}

/** §2 details dialog (max width 600 px); the codec hidden for images and zips (§9). */
function DetailsDialog({ render, closeTo }: { render: RenderExport; closeTo: string }) {
  const input = render.job.jobInput;
  const labels = renderPageTexts.detailLabels;
  const codecShown =
    input.codec !== null && !(CODEC_HIDDEN_FOR as readonly string[]).includes(input.extension);
  const rows: [string, string][] = [
    [labels.project, render.project_title],
    [labels.format, renderTexts.extensionNames[input.extension]],
    ...(codecShown
      ? ([[labels.codec, (input.codec ?? '').toUpperCase()]] as [string, string][])
      : []),
    [
      labels.resolution,
      renderPageTexts.resolution(input.resolution.width, input.resolution.height),
    ],
    [labels.framerate, renderPageTexts.fps(input.framerate)],
    [labels.duration, formatDuration(render.duration)],
    [labels.size, formatSizeMb(render.size)],
    [labels.quality, renderTexts.qualityNames[input.quality]],
    [labels.created, formatCardDate(render.createdAt)],
    [labels.deleteAt, render.deleteAt ? formatCardDate(render.deleteAt) : labels.keptForever],
  ];
  return (
    <DashboardDialog
      key="details"
      title={renderPageTexts.detailsTitle(render.title)}
      closeTo={closeTo}
      className="render-details"
    >
      <dl className="render-details__list">
        {rows.map(([term, value]) => (
          <div key={term} className="render-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="dashboard-dialog__buttons">
        <CloseLink to={closeTo} />
      </div>
    </DashboardDialog>
  );
}

/** A dialog that asks nothing closes with Close: a link back to the list (works without JavaScript). */
function CloseLink({ to }: { to: string }) {
  return (
    <Link to={to} className="button button--ghost" replace preventScrollReset>
      {renderPageTexts.close}
    </Link>
  );
}
