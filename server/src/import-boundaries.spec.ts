import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

// Compiled to server/dist/server/src: the repository is four folders up.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary errors `npm run lint` reports for this import in a file at `file`. */
async function boundaryErrors(file: string, from: string): Promise<number> {
  const code = `import { thing } from '${from}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('import boundaries (eslint.config.js)', () => {
  it('lets a module reach another only through its index.js', async () => {
    assert.equal(await boundaryErrors('server/src/modules/auth/a.ts', '../sessions/index.js'), 0);
    assert.equal(await boundaryErrors('server/src/modules/auth/a.ts', './auth.service.js'), 0);
    assert.equal(
      await boundaryErrors('server/src/modules/auth/a.ts', '../sessions/sessions.service.js'),
      1,
    );
    assert.equal(
      await boundaryErrors('server/src/modules/auth/two-factor/a.ts', '../../customers/x.js'),
      1,
    );
    assert.equal(
      await boundaryErrors('server/src/modules/auth/two-factor/a.ts', '../auth.exception.js'),
      0,
    );
    assert.equal(
      await boundaryErrors('server/src/live/a.ts', '../modules/sessions/session.guard.js'),
      1,
    );
  });

  it('keeps common/ and the other shared layers free of features', async () => {
    assert.equal(await boundaryErrors('server/src/common/a.ts', '../modules/sessions/index.js'), 1);
    assert.equal(await boundaryErrors('server/src/jobs/a.ts', '../live/live.service.js'), 1);
    assert.equal(await boundaryErrors('server/src/common/access/a.ts', '../tokens.js'), 0);
  });

  it('keeps libs/contracts free of the server, the web app and frameworks', async () => {
    const contract = 'libs/contracts/src/auth/a.ts';
    assert.equal(await boundaryErrors(contract, '../../../../server/src/common/ids.js'), 1);
    assert.equal(await boundaryErrors(contract, '@nestjs/common'), 1);
    assert.equal(await boundaryErrors(contract, '../errors/catalogue.js'), 0);
  });

  it('keeps the web app off the server’s code', async () => {
    assert.equal(await boundaryErrors('web/app/routes/a.tsx', '@animata/server/app'), 1);
  });
});
