import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { inThisThread } from '../../../common/worker-pool/worker-pool.js';
import { AvatarImages, viewBoxOf } from './avatar-images.js';
import { JSDOM } from 'jsdom';

const images = new AvatarImages(inThisThread);

/** A 40x20 image whose left half is red and right half blue. */
async function halves(format: 'png' | 'jpeg' | 'webp', orientation?: number): Promise<Buffer> {
  const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  let image = sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .toFormat(format);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

/** Two different 8x8 frames as an animated WebP (raw input split into pages). */
export function animatedWebp(): Promise<Buffer> {
  const pixels = Buffer.alloc(8 * 16 * 3, 0);
  pixels.fill(255, 0, 8 * 8 * 3);
  return sharp(pixels, {
    raw: { width: 8, height: 16, channels: 3, pageHeight: 8 },
  })
    .webp({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

async function centreColour(data: Buffer): Promise<[number, number, number]> {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
}

describe('AvatarImages', () => {
  it('crops the chosen square and writes 64 and 512 files of the claimed type, without metadata', async () => {
    const rendered = await images.render(await halves('png'), 'image/png', {
      image: { width: 40, height: 20 },
      coordinates: { left: 20, top: 0, width: 20, height: 20 },
    });
    assert.ok(rendered.ok);
    assert.deepEqual(
      rendered.files.map((file) => file.size),
      [64, 512],
    );
    for (const file of rendered.files) {
      const meta = await sharp(file.data).metadata();
      assert.equal(meta.format, 'png');
      assert.equal(meta.width, file.size);
      assert.equal(meta.height, file.size);
      assert.equal(meta.exif, undefined);
    }
    const [r, , b] = await centreColour(rendered.files[0]!.data);
    assert.ok(b > 200 && r < 50, 'the right (blue) half was kept');
  });

  it('scales a crop chosen on a smaller preview to the real image', async () => {
    const rendered = await images.render(await halves('webp'), 'image/webp', {
      image: { width: 20, height: 10 },
      coordinates: { left: 0, top: 0, width: 10, height: 10 },
    });
    assert.ok(rendered.ok);
    const [r, , b] = await centreColour(rendered.files[1]!.data);
    assert.ok(r > 200 && b < 60, 'the left (red) half was kept');
  });

  it('turns the image upright by its EXIF orientation before the crop', async () => {
    // Stored 40x20 with orientation 6 (90° clockwise): upright it is 20x40, red on top.
    const jpeg = await halves('jpeg', 6);
    assert.equal((await sharp(jpeg).metadata()).orientation, 6);
    const rendered = await images.render(jpeg, 'image/jpeg', {
      image: { width: 20, height: 40 },
      coordinates: { left: 0, top: 0, width: 20, height: 20 },
    });
    assert.ok(rendered.ok);
    const meta = await sharp(rendered.files[0]!.data).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.orientation, undefined);
    const [r, , b] = await centreColour(rendered.files[0]!.data);
    assert.ok(r > 180 && b < 80, `the upright top (red) was kept, got ${r},${b}`);
  });

  it('crops a centred square without a crop (no JavaScript)', async () => {
    const rendered = await images.render(await halves('png'), 'image/png', null);
    assert.ok(rendered.ok);
    assert.equal((await sharp(rendered.files[0]!.data).metadata()).width, 64);
  });

  it('refuses bytes of another type than claimed, GIF and animated WebP', async () => {
    const png = await halves('png');
    assert.deepEqual(await images.render(png, 'image/jpeg', null), {
      ok: false,
      reason: 'not-supported',
    });
    assert.deepEqual(await images.render(png, 'image/svg+xml', null), {
      ok: false,
      reason: 'not-supported',
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    assert.deepEqual(await images.render(gif, 'image/png', null), {
      ok: false,
      reason: 'not-supported',
    });
    const animated = await animatedWebp();
    assert.deepEqual(await images.render(animated, 'image/webp', null), {
      ok: false,
      reason: 'animated-webp',
    });
  });

  it('refuses images past 25 megapixels before decoding them', async () => {
    const big = await sharp({
      create: { width: 5001, height: 5001, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.deepEqual(await images.render(big, 'image/png', null), {
      ok: false,
      reason: 'too-many-pixels',
    });
  });

  it('makes the crop of an SVG its viewBox at 150x150', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 10 200 100" width="400" height="200"><script>x()</script><rect width="5" height="5"/></svg>',
    );
    const rendered = await images.render(svg, 'image/svg+xml', {
      image: { width: 150, height: 150 },
      coordinates: { left: 75, top: 0, width: 75, height: 150 },
    });
    assert.ok(rendered.ok);
    const text = rendered.files[0]!.data.toString('utf8');
    assert.match(text, /viewBox="110 10 100 100"/);
    assert.match(text, /width="150"/);
    assert.match(text, /height="150"/);
    assert.doesNotMatch(text, /script/);
  });
});

describe('viewBoxOf', () => {
  const root = (attributes: string) =>
    new JSDOM(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}/>`, {
      contentType: 'image/svg+xml',
    }).window.document.documentElement;

  it('reads the viewBox, else the size in user units, else the browser default', () => {
    assert.deepEqual(viewBoxOf(root('viewBox="0,0 , 24 12"')), {
      x: 0,
      y: 0,
      width: 24,
      height: 12,
    });
    assert.deepEqual(viewBoxOf(root('width="30px" height="15"')), {
      x: 0,
      y: 0,
      width: 30,
      height: 15,
    });
    assert.deepEqual(viewBoxOf(root('width="100%" height="2em"')), {
      x: 0,
      y: 0,
      width: 300,
      height: 150,
    });
  });
});
