import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  accountLabels,
  emptyProjectData,
  endpoints,
  fieldMessages,
  ownMessages,
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';

/**
 * Input the server cannot store or its services cannot read (issue 28, item 6): a 4xx in the
 * catalogue shape, never a 500. A NUL reaches PostgreSQL only through a file (JSON bodies are
 * refused by their parser), and a null only where a field may be left out.
 */
describe('bad input is a 4xx', () => {
  let app: TestApp;
  let cookie: string;

  before(async () => {
    app = await startTestApp({ web: false });
    const customer = await newCustomer(app.runtime.dataSource);
    cookie = await newSessionCookie(app, customer.id);
  });
  after(async () => {
    await app?.stop();
  });

  /** A multipart import, written by hand so the file name reaches the server byte for byte. */
  function importFile(fileName: string, content: string): Promise<Response> {
    const boundary = 'bad-input-boundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    return fetch(`${app.url}${endpoints.projects.import.path}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: app.url,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
  }

  async function assertRefused(response: Response, status: number, body: unknown) {
    const text = await response.text();
    assert.equal(response.status, status, text);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    assert.equal(typeof parsed.requestId, 'string');
    delete parsed.requestId;
    assert.deepEqual(parsed, body);
  }

  const projectFile = (title: string, definitions: Record<string, unknown> = {}) =>
    JSON.stringify({
      format: PROJECT_FILE_FORMAT,
      version: PROJECT_FILE_VERSION,
      title,
      data: { ...emptyProjectData(), definitions },
    });

  for (const [what, file] of [
    ['a NUL in the title', projectFile('Intro\\u0000')],
    ['a lone surrogate in the title', projectFile('Intro\\ud800')],
    ['a NUL in the definitions', projectFile('Intro', { gradient: 'a\\u0000b' })],
    ['a lone surrogate in the definitions', projectFile('Intro', { 'x\\udfff': 1 })],
  ] as const) {
    it(`refuses a project file with ${what}: 400, nothing created`, async () => {
      // JSON.stringify escaped the backslash: undo it so the file holds the JSON escape itself.
      const response = await importFile('intro.animata.json', file.replace(/\\\\u/g, '\\u'));
      await assertRefused(response, 400, { error: ownMessages.forbiddenCharacters });
      const rows: unknown[] = await app.runtime.dataSource.query('SELECT 1 FROM projects');
      assert.equal(rows.length, 0);
    });
  }

  it('refuses an SVG import whose file name holds a NUL: 400', async () => {
    const response = await importFile(
      'pic\u0000.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    );
    await assertRefused(response, 400, { error: ownMessages.forbiddenCharacters });
  });

  const post = (path: string, body: string) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      body,
    });

  it('answers {"name":null} to change-account-info with 422 on the name', async () => {
    const response = await post(endpoints.account.changeAccountInfo.path, '{"name":null}');
    await assertRefused(response, 422, {
      errors: { name: fieldMessages.required(accountLabels.name) },
    });
  });

  it('answers {"action":"step","step":null} to onboarding with 422 on the step', async () => {
    const response = await post(
      endpoints.onboarding.projects.path,
      '{"action":"step","step":null}',
    );
    await assertRefused(response, 422, { errors: { step: 'step must be an integer number' } });
  });

  it('answers {"old_password":null} to change-password with 422 on the old password', async () => {
    const response = await post(
      endpoints.account.changePassword.path,
      '{"old_password":null,"password":"Correct-Horse-7-x"}',
    );
    await assertRefused(response, 422, {
      errors: { old_password: fieldMessages.required('Old password') },
    });
  });
});
