import {
  IMPORT_FORM_FIELDS,
  projectMessages,
  projectPagePaths,
  type ImportFileResult,
} from '@animata/contracts';

/**
 * Posts one file to the import action and reports the bytes sent as they go (fetch cannot report
 * upload progress; XMLHttpRequest can). The action answers JSON to a request that asks for it.
 * Any failure to reach it or to read its answer counts as 'Failed to create project.'.
 */
export function sendImport(
  file: File,
  label: string | null,
  onProgress: (loaded: number) => void,
): Promise<ImportFileResult> {
  return new Promise((resolve) => {
    const failed = () => resolve({ ok: false, message: projectMessages.createFailed });
    const body = new FormData();
    body.append(IMPORT_FORM_FIELDS.file, file, file.name);
    if (label) body.append(IMPORT_FORM_FIELDS.label, label);
    const request = new XMLHttpRequest();
    request.open('POST', projectPagePaths.import);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    request.addEventListener('load', () => {
      const answer: unknown = request.response;
      if (isImportResult(answer)) resolve(answer);
      else if (request.status === 401 || request.responseURL.includes('/auth/login')) {
        // The session ended while the files went up: the login page, back here after.
        window.location.assign(window.location.href);
      } else failed();
    });
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    request.send(body);
  });
}

function isImportResult(value: unknown): value is ImportFileResult {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  return (
    ok === true || (ok === false && typeof (value as { message?: unknown }).message === 'string')
  );
}
