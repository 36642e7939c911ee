import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  exportFileName,
  importedTitle,
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
  PROJECT_IMPORT_LIMITS,
  projectMessages,
} from '@animata/contracts';
import sharp from 'sharp';
import { ProjectErrorCode, ProjectException } from '../project.exception.js';
import { sniffImportType } from './file-type.js';
import { readImport } from './project-import.js';
import { clockValueMs } from './svg-size.js';
import { attachmentDisposition } from './project-files.controller.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

async function refusal(bytes: Buffer, name = 'x.bin'): Promise<ProjectException> {
  try {
    await readImport(bytes, name);
  } catch (error) {
    assert.ok(error instanceof ProjectException, String(error));
    return error;
  }
  assert.fail('accepted');
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7c5cff' } })
    .png()
    .toBuffer();
}

describe('sniffImportType: the bytes decide', () => {
  it('tells each accepted type by its bytes, whatever the name', async () => {
    const image = sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } });
    assert.equal(sniffImportType(await image.clone().png().toBuffer()), 'png');
    assert.equal(sniffImportType(await image.clone().jpeg().toBuffer()), 'jpeg');
    assert.equal(sniffImportType(await image.clone().webp().toBuffer()), 'webp');
    assert.equal(sniffImportType(Buffer.from('GIF89a\x02\x00\x02\x00', 'latin1')), 'gif');
    assert.equal(sniffImportType(Buffer.from(`\uFEFF  <?xml version="1.0"?><svg ${NS}/>`)), 'svg');
    assert.equal(sniffImportType(Buffer.from(' {"format":"x"}')), 'json');
  });

  it('knows no other bytes', () => {
    for (const bytes of [
      Buffer.from('%PDF-1.7'),
      Buffer.from('<html><body>hi</body></html>'),
      Buffer.from('plain text'),
      Buffer.from([0xff, 0xfe, 0x00, 0x3c]),
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    ])
      assert.equal(sniffImportType(bytes), null);
  });
});

describe('readImport', () => {
  it('refuses bytes of another type with "Invalid File Type", whatever the name says', async () => {
    for (const [bytes, name] of [
      [Buffer.from('%PDF-1.7 …'), 'picture.png'],
      [Buffer.from('<html><svg></svg></html>'), 'x.svg'],
      [Buffer.from('{"some": "json"}'), 'x.json'],
      [Buffer.from('{not json'), 'x.json'],
      [Buffer.from('\x89PNG\r\n\x1a\nbroken', 'latin1'), 'x.png'],
    ] as const) {
      const error = await refusal(bytes, name);
      assert.equal(error.code, ProjectErrorCode.InvalidFileType, name);
      assert.equal(error.message, projectMessages.invalidFileType);
      assert.equal(error.message, 'Invalid File Type');
    }
  });

  it('sanitises an SVG, sizes it and titles it after the file', async () => {
    const { title, data } = await readImport(
      Buffer.from(
        `<svg ${NS} viewBox="0 0 300 150" onload="alert(1)"><script>x()</script>` +
          `<circle r="5"><animate attributeName="r" to="9" dur="2.5s"/></circle></svg>`,
      ),
      'folder/My drawing.svg',
    );
    assert.equal(title, 'My drawing');
    assert.deepEqual(data.options.dimension, { width: 300, height: 150 });
    assert.equal(data.options.duration, 2500);
    assert.doesNotMatch(data.document, /script|onload/);
    assert.match(data.document, /<animate/);
  });

  it('takes width and height over the viewBox, and keeps the proportions of one', async () => {
    const size = async (attributes: string) =>
      (await readImport(Buffer.from(`<svg ${NS} ${attributes}/>`), 'a.svg')).data.options.dimension;
    assert.deepEqual(await size('width="640px" height="480" viewBox="0 0 10 10"'), {
      width: 640,
      height: 480,
    });
    assert.deepEqual(await size('width="200" viewBox="0 0 100 50"'), { width: 200, height: 100 });
    assert.deepEqual(await size('width="100%" height="100%"'), { width: 1920, height: 1080 });
    assert.deepEqual(await size('width="2in" height="72pt"'), { width: 192, height: 96 });
    assert.deepEqual(await size('width="10em" height="5em" viewBox="0 0 40 30"'), {
      width: 40,
      height: 30,
    });
  });

  it('embeds a raster image as a data URI at its pixel size', async () => {
    const bytes = await png(30, 20);
    const { title, data } = await readImport(bytes, 'photo.final.png');
    assert.equal(title, 'photo.final');
    assert.deepEqual(data.options.dimension, { width: 30, height: 20 });
    assert.equal(data.options.duration, 0);
    assert.match(data.document, /viewBox="0 0 30 20"/);
    assert.ok(
      data.document.includes(
        `<image href="data:image/png;base64,${bytes.toString('base64')}" x="0" y="0" width="30" height="20"/>`,
      ),
    );
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([7, 0, 5, 0, 0, 0, 0]),
      Buffer.from(';'),
    ]);
    const fromGif = await readImport(gif, 'a.gif');
    assert.deepEqual(fromGif.data.options.dimension, { width: 7, height: 5 });
    assert.match(fromGif.data.document, /href="data:image\/gif;base64,/);
  });

  it('answers "too complex" past the pixel and byte bounds', async () => {
    const side = Math.ceil(Math.sqrt(PROJECT_IMPORT_LIMITS.maxPixels)) + 1;
    const huge = await sharp({
      create: { width: side, height: side, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.equal((await refusal(huge, 'big.png')).code, ProjectErrorCode.TooComplex);
    const wideGif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0]),
    ]);
    assert.equal((await refusal(wideGif, 'big.gif')).message, projectMessages.tooComplex);
    const tooLong = Buffer.alloc(PROJECT_IMPORT_LIMITS.maxFileBytes + 1, 0x20);
    assert.equal((await refusal(tooLong)).code, ProjectErrorCode.TooComplex);
  });

  it('reads back a project file we exported, with its own title', async () => {
    const file = {
      format: PROJECT_FILE_FORMAT,
      version: PROJECT_FILE_VERSION,
      title: 'Logo intro',
      data: {
        options: { dimension: { width: 10, height: 10 }, duration: 0, fps: 24, background: 'red' },
        document: `<svg ${NS}><rect width="1" height="1"/></svg>`,
        definitions: { a: 1 },
      },
    };
    const { title, data } = await readImport(
      Buffer.from(JSON.stringify(file)),
      exportFileName('Logo intro'),
    );
    assert.equal(title, 'Logo intro');
    assert.deepEqual(data, file.data);
    const wrongVersion = { ...file, version: 2 };
    assert.equal(
      (await refusal(Buffer.from(JSON.stringify(wrongVersion)), 'x.json')).code,
      ProjectErrorCode.InvalidFileType,
    );
    const badData = { ...file, data: { ...file.data, options: { fps: 0 } } };
    assert.equal(
      (await refusal(Buffer.from(JSON.stringify(badData)), 'x.json')).code,
      ProjectErrorCode.InvalidData,
    );
  });
});

describe('names', () => {
  it('titles an import after the file name without its extension', () => {
    assert.equal(importedTitle('C:\\pictures\\Cat.jpeg'), 'Cat');
    assert.equal(importedTitle('archive.tar.gz'), 'archive.tar');
    assert.equal(importedTitle('Résumé & bold "quotes".svg'), 'Résumé & bold "quotes"');
    // A title holds no control characters: a line break in the name becomes a space.
    assert.equal(importedTitle('Two\r\nlines\there.svg'), 'Two lines here');
  });

  it('names the export after the title, safely', () => {
    assert.equal(exportFileName('Intro'), 'Intro.animata.json');
    assert.equal(exportFileName('a/b:c"d'), 'a_b_c_d.animata.json');
    assert.equal(exportFileName('  '), 'project.animata.json');
    assert.equal(
      attachmentDisposition('Été "1".animata.json'),
      `attachment; filename="_t_ _1_.animata.json"; filename*=UTF-8''%C3%89t%C3%A9%20%221%22.animata.json`,
    );
  });

  it('reads SMIL clock values', () => {
    assert.equal(clockValueMs('2s'), 2000);
    assert.equal(clockValueMs('150ms'), 150);
    assert.equal(clockValueMs('1.5min'), 90_000);
    assert.equal(clockValueMs('0:01:02.5'), 62_500);
    assert.equal(clockValueMs('3'), 3000);
    assert.equal(clockValueMs('indefinite'), null);
  });
});
