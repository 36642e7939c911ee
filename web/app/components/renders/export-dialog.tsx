import {
  CODECS_BY_EXTENSION,
  isVideoExtension,
  pagePaths,
  RENDER_DITHERS,
  RENDER_EXTENSIONS,
  RENDER_INTENTS,
  RENDER_PARAMS,
  renderInputErrors,
  renderPageTexts,
  renderKeepsAlpha,
  renderTexts,
  type RenderCodec,
  type RenderExtension,
  type RenderInputField,
} from '@animata/contracts';
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { jobInputOf, type ExportFormValues } from '../../utils/renders/render-form.js';
import { isExportActionError, type ExportDialogData } from '../../utils/renders/render-view.js';
import { DashboardDialog, CancelLink } from '../dashboard/dashboard-dialog.js';
import { FormNotice } from '../ui/form-notice.js';
import { SubmitButton } from '../ui/submit-button.js';

/** The address without the Export dialog. */
export function withoutExport(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(RENDER_PARAMS.export);
  params.delete('index');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** The address with the Export dialog of a project open. */
export function withExport(location: { pathname: string; search: string }, projectId: string) {
  const params = new URLSearchParams(location.search);
  params.delete('index');
  params.set(RENDER_PARAMS.export, projectId);
  return `${location.pathname}?${params.toString()}`;
}

type Touched = Partial<Record<keyof ExportFormValues, boolean>>;

/** Which rule's field each input shows the error of. */
const ERROR_OF: Partial<Record<keyof ExportFormValues, RenderInputField>> = {
  extension: 'extension',
  codec: 'codec',
  framerate: 'framerate',
  height: 'resolution',
  quality: 'quality',
  colorPaletteSize: 'colorPaletteSize',
  matte: 'matte',
  dither: 'dither',
  duration: 'offset',
  speed: 'speed',
  iterations: 'iterations',
};

/**
 * The Export dialog (projects-dashboard §3 Export, billing-teams-apps §1; issue 32), opened by
 * the address (`?export={projectId}`) from the project page and a card's menu. A plain form
 * posting to the page's action, which starts the render and goes to My renders, or answers the
 * form again with the server's reason beside its field. With JavaScript the rules run as the
 * visitor types (the same `renderInputErrors` the action runs), the codecs follow the format
 * (none for images), the frame rate's maximum follows its kind, and width and height keep the
 * project's aspect ratio.
 */
export function ExportDialog({ data }: { data: ExportDialogData }) {
  const { options } = data;
  const { caps, project, limits } = options;
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const answer = useActionData();
  const refused = isExportActionError(answer) ? answer : null;
  const [values, setValues] = useState<ExportFormValues>(refused?.values ?? data.values);
  const [touched, setTouched] = useState<Touched>({});
  const [keepAspect, setKeepAspect] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const closeTo = withoutExport(location);
  const extension = values.extension as RenderExtension;
  const keepsAlpha = renderKeepsAlpha(extension, (values.codec || null) as RenderCodec | null);
  const video = (RENDER_EXTENSIONS as readonly string[]).includes(extension)
    ? isVideoExtension(extension)
    : true;
  const maxFps = video ? caps.maxVideoFramerate : caps.maxImageFramerate;
  const liveErrors = useMemo(
    () => renderInputErrors(jobInputOf(values), caps, project.duration),
    [values, caps, project.duration],
  );
  const serverErrors = refused?.fieldErrors ?? {};
  const ratio =
    project.dimension.width > 0 && project.dimension.height > 0
      ? project.dimension.width / project.dimension.height
      : 16 / 9;
  const pending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === RENDER_INTENTS.create;

  // Before hydration, and for a field not edited since the answer, the server's reason shows;
  // with JavaScript a field's own rule shows once it was edited (or the form was sent).
  const errorOf = (name: keyof ExportFormValues): string | undefined => {
    const field = ERROR_OF[name];
    if (!field) return undefined;
    if (hydrated && (touched[name] || submitted)) return liveErrors[field];
    if (touched[name]) return undefined;
    return serverErrors[field];
  };
  const set = (name: keyof ExportFormValues, value: string) => {
    setTouched((current) => ({ ...current, [name]: true }));
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (name === 'extension' && (RENDER_EXTENSIONS as readonly string[]).includes(value)) {
        const ext = value as RenderExtension;
        next.codec = isVideoExtension(ext) ? (CODECS_BY_EXTENSION[ext][0] ?? '') : '';
      }
      if (keepAspect && name === 'width' && Number(value) > 0) {
        next.height = String(2 * Math.round(Number(value) / ratio / 2));
      }
      if (keepAspect && name === 'height' && Number(value) > 0) {
        next.width = String(2 * Math.round((Number(value) * ratio) / 2));
      }
      return next;
    });
  };

  const field = (
    name: keyof ExportFormValues,
    label: string,
    control: (props: {
      id: string;
      name: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
    }) => ReactNode,
    extraError?: string,
  ) => {
    const fieldId = `${id}-${name}`;
    const error = extraError ?? errorOf(name);
    return (
      <div className={`field export-field export-field--${name}${error ? ' field--invalid' : ''}`}>
        <label htmlFor={fieldId} className="field__label">
          {label}
        </label>
        <div className="field__control">
          {control({
            id: fieldId,
            name,
            ...(error ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-error` } : {}),
          })}
        </div>
        {error ? (
          <p id={`${fieldId}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const input = (
    name: keyof ExportFormValues,
    label: string,
    attributes: Record<string, string | number> = {},
  ) =>
    field(name, label, (props) => (
      <input
        {...props}
        {...attributes}
        value={values[name]}
        onChange={(event) => set(name, event.currentTarget.value)}
      />
    ));
  const codecs =
    video && (RENDER_EXTENSIONS as readonly string[]).includes(extension)
      ? CODECS_BY_EXTENSION[extension as keyof typeof CODECS_BY_EXTENSION]
      : [];
  const hasErrors = Object.keys(liveErrors).length > 0;

  return (
    <DashboardDialog
      title={`${renderTexts.exportTitle} ${project.title}`}
      closeTo={closeTo}
      className="export-dialog"
    >
      <Form
        method="post"
        className="export-form"
        preventScrollReset
        noValidate
        onSubmit={(event) => {
          if (!hydrated) return;
          setSubmitted(true);
          if (hasErrors) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value={RENDER_INTENTS.create} />
        <input type="hidden" name="project" value={project.id} />
        {caps.watermark ? (
          <p className="export-form__note" role="note">
            {renderTexts.watermarkNote}
          </p>
        ) : null}
        {limits.reached || refused?.upgrade ? (
          <div className="export-form__limit" role="alert">
            {refused?.notice ? <p>{refused.notice}</p> : null}
            <Link to={pagePaths.pricing} className="button button--primary button--small">
              {renderTexts.upgradeToContinue}
            </Link>
          </div>
        ) : (
          <FormNotice>{refused?.notice}</FormNotice>
        )}
        <div className="export-form__grid">
          {input('title', renderTexts.fields.title, { type: 'text', maxLength: 64 })}
          {field('extension', renderTexts.fields.extension, (props) => (
            <select
              {...props}
              value={values.extension}
              onChange={(event) => set('extension', event.currentTarget.value)}
            >
              {RENDER_EXTENSIONS.map((ext) => (
                <option key={ext} value={ext}>
                  {renderTexts.extensionNames[ext]}
                </option>
              ))}
            </select>
          ))}
          {/* Without JavaScript: the format's default, or every video format's codecs grouped;
              the server refuses a codec of another format beside this field. */}
          {hydrated
            ? codecs.length > 0
              ? field('codec', renderTexts.fields.codec, (props) => (
                  <select
                    {...props}
                    value={values.codec}
                    onChange={(event) => set('codec', event.currentTarget.value)}
                  >
                    {codecs.map((codec) => (
                      <option key={codec} value={codec}>
                        {codec.toUpperCase()}
                      </option>
                    ))}
                  </select>
                ))
              : null
            : field('codec', renderTexts.fields.codec, (props) => (
                <select {...props} defaultValue={refused ? values.codec : ''}>
                  <option value="">{renderPageTexts.codecAuto}</option>
                  {Object.entries(CODECS_BY_EXTENSION).map(([ext, list]) => (
                    <optgroup key={ext} label={renderTexts.extensionNames[ext as RenderExtension]}>
                      {list.map((codec) => (
                        <option key={`${ext}-${codec}`} value={codec}>
                          {codec.toUpperCase()}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              ))}
          {input('framerate', renderTexts.fields.framerate, {
            type: 'number',
            min: 1,
            max: maxFps,
            step: 1,
            inputMode: 'numeric',
          })}
          {field('quality', renderTexts.fields.quality, (props) => (
            <select
              {...props}
              value={values.quality}
              onChange={(event) => set('quality', event.currentTarget.value)}
            >
              {caps.qualities.map((quality) => (
                <option key={quality} value={quality}>
                  {renderTexts.qualityNames[quality]}
                </option>
              ))}
            </select>
          ))}
          <fieldset className="export-form__pair">
            <legend className="visually-hidden">{renderPageTexts.detailLabels.resolution}</legend>
            {input('width', renderTexts.fields.width, {
              type: 'number',
              min: 16,
              step: 2,
              inputMode: 'numeric',
            })}
            {input('height', renderTexts.fields.height, {
              type: 'number',
              min: 16,
              step: 2,
              inputMode: 'numeric',
            })}
            {hydrated ? (
              <label className="export-form__check">
                <input
                  type="checkbox"
                  checked={keepAspect}
                  onChange={(event) => setKeepAspect(event.currentTarget.checked)}
                />
                <span>{renderPageTexts.keepAspect}</span>
              </label>
            ) : null}
          </fieldset>
          <fieldset className="export-form__pair">
            <legend className="visually-hidden">{renderTexts.fields.duration}</legend>
            {input('start', renderTexts.fields.start, {
              type: 'number',
              min: 0,
              step: 0.001,
              inputMode: 'decimal',
            })}
            {input('duration', renderTexts.fields.duration, {
              type: 'number',
              min: 0.001,
              step: 0.001,
              inputMode: 'decimal',
            })}
          </fieldset>
          {input('speed', renderTexts.fields.speed, {
            type: 'number',
            min: 0.25,
            max: 4,
            step: 0.25,
            inputMode: 'decimal',
          })}
          {input('iterations', renderTexts.fields.iterations, {
            type: 'number',
            min: 1,
            max: 1000,
            step: 1,
            inputMode: 'numeric',
          })}
          <fieldset className="export-form__pair">
            <legend className="visually-hidden">{renderTexts.fields.matte}</legend>
            {/* With JavaScript, Transparent only where the format keeps it (webm vp9, mov
                ProRes, webp, apng, zip); the others always get the background colour. */}
            {!hydrated || keepsAlpha ? (
              <label className="export-form__check">
                <input
                  type="checkbox"
                  name="transparent"
                  value="1"
                  checked={values.transparent === '1'}
                  onChange={(event) => set('transparent', event.currentTarget.checked ? '1' : '')}
                />
                <span>{renderTexts.fields.transparent}</span>
              </label>
            ) : null}
            {values.transparent === '1' && hydrated && keepsAlpha
              ? null
              : input('matte', renderTexts.fields.matte, { type: 'color' })}
          </fieldset>
          {!hydrated || extension === 'gif' ? (
            <>
              {input('colorPaletteSize', renderTexts.fields.colorPaletteSize, {
                type: 'number',
                min: 2,
                max: 256,
                step: 1,
                inputMode: 'numeric',
              })}
              {field('dither', renderTexts.fields.dither, (props) => (
                <select
                  {...props}
                  value={values.dither}
                  onChange={(event) => set('dither', event.currentTarget.value)}
                >
                  {RENDER_DITHERS.map((dither) => (
                    <option key={dither} value={dither}>
                      {dither}
                    </option>
                  ))}
                </select>
              ))}
            </>
          ) : (
            <>
              <input type="hidden" name="colorPaletteSize" value={values.colorPaletteSize} />
              <input type="hidden" name="dither" value={values.dither} />
            </>
          )}
        </div>
        <div className="dashboard-dialog__buttons">
          <CancelLink to={closeTo} />
          <SubmitButton
            pending={pending}
            disabled={hydrated && (limits.reached || (submitted && hasErrors))}
          >
            {renderTexts.exportSubmit}
          </SubmitButton>
        </div>
      </Form>
    </DashboardDialog>
  );
}
