import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Avatar } from './customer.js';
import {
  avatarUrl,
  centredSquare,
  cropInImage,
  cropToViewBox,
  isAnimatedWebp,
  parseAvatarCropPayload,
} from './avatar.js';

const raster: Avatar = {
  id: 'a1',
  mimeType: 'image/png',
  availableSizes: [64, 512],
  avatarPath: '/api/animata/avatars/a1',
  version: 3,
};

describe('avatarUrl', () => {
  it('uses the 64 file for 24 and 32, the 512 file for 128, and the version', () => {
    assert.equal(avatarUrl(raster, 24), '/api/animata/avatars/a1/64?v=3');
    assert.equal(avatarUrl(raster, 32), '/api/animata/avatars/a1/64?v=3');
    assert.equal(avatarUrl(raster, 128), '/api/animata/avatars/a1/512?v=3');
  });

  it('uses the one 150 file of an SVG at every size', () => {
    const svg: Avatar = { ...raster, mimeType: 'image/svg+xml', availableSizes: [150] };
    for (const px of [24, 32, 128])
      assert.equal(avatarUrl(svg, px), '/api/animata/avatars/a1/150?v=3');
  });
});

describe('crop maths', () => {
  const payload = (left: number, top: number, width: number, height: number, image = 100) => ({
    image: { width: image, height: image },
    coordinates: { left, top, width, height },
  });

  it('scales the crop from the preview to the real image', () => {
    assert.deepEqual(cropInImage(payload(10, 20, 30, 30), { width: 200, height: 200 }), {
      left: 20,
      top: 40,
      width: 60,
      height: 60,
    });
  });

  it('keeps the crop inside the image and square', () => {
    assert.deepEqual(cropInImage(payload(-10, 90, 40, 40), { width: 100, height: 100 }), {
      left: 0,
      top: 90,
      width: 10,
      height: 10,
    });
    assert.deepEqual(cropInImage(payload(60, 0, 80, 50), { width: 100, height: 100 }), {
      left: 60,
      top: 0,
      width: 40,
      height: 40,
    });
  });

  it('falls back to the centred square for a crop outside the image', () => {
    assert.deepEqual(cropInImage(payload(500, 500, 10, 10), { width: 40, height: 20 }), {
      left: 10,
      top: 0,
      width: 20,
      height: 20,
    });
    assert.deepEqual(centredSquare({ width: 21, height: 50 }), {
      left: 0,
      top: 14,
      width: 21,
      height: 21,
    });
  });

  it('turns an SVG crop on the 150x150 image into a viewBox of the drawing', () => {
    const box = { x: -50, y: 0, width: 300, height: 150 };
    assert.deepEqual(cropToViewBox(payload(0, 0, 75, 75, 150), box), {
      x: -50,
      y: 0,
      width: 150,
      height: 75,
    });
    assert.deepEqual(cropToViewBox(null, box), { x: 25, y: 0, width: 150, height: 150 });
    assert.deepEqual(
      cropToViewBox(payload(140, 140, 500, 500, 150), { x: 0, y: 0, width: 150, height: 150 }),
      {
        x: 140,
        y: 140,
        width: 10,
        height: 10,
      },
    );
  });
});

describe('parseAvatarCropPayload', () => {
  it('reads the crop and ignores the cropper’s other fields', () => {
    const text = JSON.stringify({
      image: { width: 10, height: 10 },
      coordinates: { left: 1, top: 2, width: 3, height: 3 },
      visibleArea: null,
      imageTransforms: { rotate: 0 },
    });
    assert.deepEqual(parseAvatarCropPayload(text), {
      image: { width: 10, height: 10 },
      coordinates: { left: 1, top: 2, width: 3, height: 3 },
    });
  });

  it('refuses what is not a crop', () => {
    for (const text of [
      '',
      'null',
      '[]',
      '{"image":{"width":0,"height":1},"coordinates":{"left":0,"top":0,"width":1,"height":1}}',
      '{"image":{"width":1,"height":1},"coordinates":{"left":"0","top":0,"width":1,"height":1}}',
      '{"image":{"width":1,"height":1},"coordinates":{"left":0,"top":0,"width":-1,"height":1}}',
      'x'.repeat(5000),
    ]) {
      assert.equal(parseAvatarCropPayload(text), null, text.slice(0, 40));
    }
  });
});

describe('isAnimatedWebp', () => {
  const webp = (chunk: string, flags: number) => {
    const bytes = new Uint8Array(30);
    bytes.set(
      [...'RIFF'].map((c) => c.charCodeAt(0)),
      0,
    );
    bytes.set(
      [...'WEBP'].map((c) => c.charCodeAt(0)),
      8,
    );
    bytes.set(
      [...chunk].map((c) => c.charCodeAt(0)),
      12,
    );
    bytes[20] = flags;
    return bytes;
  };

  it('reads the animation flag of the VP8X chunk', () => {
    assert.equal(isAnimatedWebp(webp('VP8X', 0x02)), true);
    assert.equal(isAnimatedWebp(webp('VP8X', 0x10)), false);
    assert.equal(isAnimatedWebp(webp('VP8 ', 0x02)), false);
    assert.equal(isAnimatedWebp(new Uint8Array(4)), false);
  });
});
