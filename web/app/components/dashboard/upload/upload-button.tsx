import {
  dashboardTexts,
  DEMO_FOLDER_ID,
  IMPORT_FORM_FIELDS,
  PROJECT_IMPORT_ACCEPT,
  PROJECT_IMPORT_LIMITS,
  projectMessages,
  projectPagePaths,
  SNACKBAR_TIMEOUT_MS,
  type ImportFileResult,
  uploadTexts,
} from '@animata/contracts';
import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { InSnackbarStack } from '../../ui/snackbar-stack.js';
import { NoticeCard } from '../../ui/snackbar.js';
import { useHydrated } from '../../../utils/use-hydrated.js';
import { useRevalidateWhenIdle } from '../../../utils/use-revalidate-when-idle.js';
import { sendImport } from './send-import.js';

/** Accepted extensions (§5), for the quick check before a file goes up; the server decides. */
const ACCEPTED_EXTENSIONS = /\.(svg|jpe?g|png|gif|webp|json)$/i;

/** The refusals a file gets without being sent: by its name, or past the import's byte limit. */
function refusedBeforeSending(file: File): string | null {
  if (!ACCEPTED_EXTENSIONS.test(file.name)) return projectMessages.invalidFileType;
  if (file.size > PROJECT_IMPORT_LIMITS.maxFileBytes) return projectMessages.tooComplex;
  return null;
}

/** Past this many refused files the list scrolls (its height is capped in project.css). */
const LIST_SCROLLS_FROM = 4;

interface Failure {
  key: string;
  name: string;
  message: string;
}

interface Progress {
  /** 1-based index of the file going up. */
  index: number;
  count: number;
  sent: number;
  total: number;
}

/**
 * 'Upload file' (projects-dashboard §2 Toolbar, §5, §8): imports svg, jpeg, png, gif, webp and
 * json files into the folder `label` (null: no folder).
 *
 * - Without JavaScript: a plain multipart form to the import action, which imports every chosen
 *   file and comes back here with a notification.
 * - With JavaScript: the button opens the file chooser (several files at once), files dropped
 *   anywhere on the page are taken too; each file is posted on its own to the import action with
 *   a `<progress>` of the bytes sent, then the page's data is reloaded. Refusals show the
 *   spec's texts, file by file.
 */
export function UploadButton({ label: folder }: { label: string | null }) {
  // The demo folder is read-only: a file chosen there becomes a project of the customer's own,
  // in All projects (decision in the report).
  const label = folder === DEMO_FOLDER_ID ? null : folder;
  const hydrated = useHydrated();
  const location = useLocation();
  const revalidate = useRevalidateWhenIdle();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const progressId = useId();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = useRef(false);

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0 || busy.current) return;
      busy.current = true;
      setFailures([]);
      setDone(null);
      const total = files.reduce((sum, file) => sum + file.size, 0);
      const failed: Failure[] = [];
      let created = 0;
      let before = 0;
      // Once the slots or the storage are full, or a rate limit is reached, the files after it
      // are refused the same way without sending them.
      let stopped: string | null = null;
      for (const [position, file] of files.entries()) {
        setProgress({ index: position + 1, count: files.length, sent: before, total });
        const refusal: string | null = stopped ?? refusedBeforeSending(file);
        const result: ImportFileResult =
          refusal !== null
            ? { ok: false, message: refusal }
            : await sendImport(file, label, (loaded) =>
                setProgress({
                  index: position + 1,
                  count: files.length,
                  sent: before + Math.min(loaded, file.size),
                  total,
                }),
              );
        before += file.size;
        if (result.ok) created += 1;
        else failed.push({ key: `${position}`, name: file.name, message: result.message });
        if (!result.ok && result.stopsTheRest) stopped = result.message;
      }
      setProgress(null);
      setFailures(failed);
      setDone(created > 0 ? uploadTexts.imported(created) : null);
      busy.current = false;
      // The list, the side menu's storage box and slot counter all come from loaders.
      if (created > 0 || failed.length > 0) revalidate();
    },
    [label, revalidate],
  );

  // The success card goes after the snackbar's time; refusals stay until closed.
  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => setDone(null), SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  // Files dropped anywhere on the page (the dashboard mounts this once, in its toolbar).
  useEffect(() => {
    let depth = 0;
    const carriesFiles = (event: DragEvent) =>
      event.dataTransfer !== null && Array.from(event.dataTransfer.types).includes('Files');
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      void upload(Array.from(event.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [upload]);

  return (
    <div className="upload">
      <form
        method="post"
        action={projectPagePaths.import}
        encType="multipart/form-data"
        className={`upload__form${hydrated ? '' : ' upload__form--plain'}`}
        onSubmit={(event) => {
          // With JavaScript the chooser's change event uploads; a submit (Enter) does the same.
          event.preventDefault();
          void upload(Array.from(inputRef.current?.files ?? []));
        }}
      >
        <input type="hidden" name={IMPORT_FORM_FIELDS.label} value={label ?? ''} />
        <input
          type="hidden"
          name={IMPORT_FORM_FIELDS.redirectTo}
          value={location.pathname + location.search}
        />
        {hydrated ? (
          <>
            <button
              type="button"
              className="button button--primary upload__trigger"
              disabled={progress !== null}
              aria-describedby={progress ? progressId : undefined}
              onClick={() => inputRef.current?.click()}
            >
              <UploadIcon />
              {dashboardTexts.uploadFile}
            </button>
            <input
              ref={inputRef}
              type="file"
              name={IMPORT_FORM_FIELDS.file}
              accept={PROJECT_IMPORT_ACCEPT}
              multiple
              hidden
              aria-label={uploadTexts.chooseFiles}
              onChange={(event) => {
                const files = Array.from(event.currentTarget.files ?? []);
                // Cleared, so choosing the same file again is a change too.
                event.currentTarget.value = '';
                void upload(files);
              }}
            />
          </>
        ) : (
          <>
            <label htmlFor={inputId} className="upload__label">
              {dashboardTexts.uploadFile}
            </label>
            <input
              id={inputId}
              className="upload__input--plain"
              type="file"
              name={IMPORT_FORM_FIELDS.file}
              accept={PROJECT_IMPORT_ACCEPT}
              multiple
              required
            />
            <button type="submit" className="button button--ghost button--small">
              {uploadTexts.submit}
            </button>
          </>
        )}
      </form>
      {/* In the snackbar stack, in its one style (issue 29): the toolbar keeps its height. */}
      <InSnackbarStack>
        {progress ? (
          <NoticeCard type="info" icon={<UploadIcon />} className="upload__status">
            <span id={progressId} className="upload__progress-label">
              {uploadTexts.uploading(progress.index, progress.count)}
            </span>
            <progress
              className="upload__progress"
              aria-labelledby={progressId}
              max={Math.max(1, progress.total)}
              value={progress.sent}
            />
          </NoticeCard>
        ) : null}
        <div role="status">
          {done !== null ? (
            <NoticeCard type="success" onClose={() => setDone(null)}>
              {done}
            </NoticeCard>
          ) : null}
        </div>
        <div role="alert">
          {failures.length > 0 ? (
            <NoticeCard type="error" onClose={() => setFailures([])} className="upload__failures">
              <ul
                className="upload__errors"
                // A long list scrolls: keyboard users reach it too (WCAG 2.1.1).
                {...(failures.length > LIST_SCROLLS_FROM ? { tabIndex: 0 } : {})}
              >
                {failures.map((failure) => (
                  <li key={failure.key} data-file={failure.name}>
                    <span className="upload__error-file">{failure.name}</span>:{' '}
                    <span className="upload__error-message">{failure.message}</span>
                  </li>
                ))}
              </ul>
            </NoticeCard>
          ) : null}
        </div>
      </InSnackbarStack>
      {dragging ? (
        <div className="upload__drop" aria-hidden="true">
          <span className="upload__drop-text">{uploadTexts.dropHere}</span>
        </div>
      ) : null}
    </div>
  );
}

function UploadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 16V4m0 0-5 5m5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
      />
    </svg>
  );
}
