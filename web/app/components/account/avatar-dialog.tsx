import {
  AVATAR_CROPPER,
  AVATAR_SVG_SIZE,
  avatarMessages,
  accountTexts,
  isAnimatedWebp,
  isAvatarMimeType,
  svgBoxOf,
  type AvatarCropPayload,
} from '@animata/contracts';
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';

/** An image ready for the cropper: its address, its size, and how to turn a crop into a payload. */
export interface CropSource {
  url: string;
  width: number;
  height: number;
  /** The payload of §3 for a crop in this image's pixels. */
  payload(area: Area): AvatarCropPayload;
  release(): void;
}

/**
 * Reads a chosen file for the cropper, or answers why it cannot be an avatar (§5): a type other
 * than png, jpeg, webp or svg, an animated WebP, or bytes no browser can show. A raster image is
 * scaled down to at most 1024 px for the preview (§9) and its crop sent in the preview's pixels;
 * an SVG is shown at its viewBox's proportions and its crop sent on a fixed 150x150 image.
 */
export async function prepareCropSource(
  file: File,
): Promise<{ ok: true; source: CropSource } | { ok: false; message: string }> {
  const notSupported = { ok: false as const, message: avatarMessages.fileNotSupported };
  if (!isAvatarMimeType(file.type)) return notSupported;
  if (file.type === 'image/webp') {
    const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
    if (isAnimatedWebp(head)) return { ok: false, message: avatarMessages.animatedWebp };
  }
  try {
    return {
      ok: true,
      source: await (file.type === 'image/svg+xml' ? svgSource(file) : rasterSource(file)),
    };
  } catch {
    return notSupported;
  }
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

async function rasterSource(file: File): Promise<CropSource> {
  const original = URL.createObjectURL(file);
  const image = await loadImage(original).catch((error: unknown) => {
    URL.revokeObjectURL(original);
    throw error;
  });
  const longest = Math.max(image.naturalWidth, image.naturalHeight);
  if (longest === 0) throw new Error('empty image');
  let url = original;
  let width = image.naturalWidth;
  let height = image.naturalHeight;
  if (longest > AVATAR_CROPPER.previewMaxPx) {
    const scale = AVATAR_CROPPER.previewMaxPx / longest;
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    URL.revokeObjectURL(original);
    if (!blob) throw new Error('no preview');
    url = URL.createObjectURL(blob);
  }
  return {
    url,
    width,
    height,
    payload: (area) => ({
      image: { width, height },
      coordinates: { left: area.x, top: area.y, width: area.width, height: area.height },
    }),
    release: () => URL.revokeObjectURL(url),
  };
}

/** The root `<svg …>` start tag: anything quoted may hold `>`. */
const SVG_START = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** Attributes of the root that the preview sets itself. */
const SIZING = new Set(['width', 'height', 'viewbox', 'preserveaspectratio']);

async function svgSource(file: File): Promise<CropSource> {
  // Never parsed into a DOM here: Chromium runs an SVG's onload while DOMParser parses it (the
  // page's CSP blocks it, but the page should not rely on that). Only the root's start tag is
  // read and rewritten; the file itself is shown in an <img>, where nothing runs.
  const original = await file.text();
  const start = SVG_START.exec(original);
  if (!start) throw new Error('not an SVG');
  const attributes = new Map<string, string>();
  const kept: string[] = [];
  for (const match of start[1]!.matchAll(ATTRIBUTE)) {
    const name = match[1]!;
    const value = match[2] ?? match[3] ?? '';
    attributes.set(name.toLowerCase(), value);
    if (!SIZING.has(name.toLowerCase())) kept.push(match[0]);
  }
  // At the box's proportions, so the crop's fractions are fractions of the viewBox the BFF
  // crops (contracts cropToViewBox).
  const box = svgBoxOf({
    viewBox: attributes.get('viewbox') ?? null,
    width: attributes.get('width') ?? null,
    height: attributes.get('height') ?? null,
  });
  const scale = AVATAR_CROPPER.previewMaxPx / Math.max(box.width, box.height);
  const width = Math.max(1, Math.round(box.width * scale));
  const height = Math.max(1, Math.round(box.height * scale));
  const selfClosing = /\/\s*$/.test(start[1]!);
  const tag =
    `<svg ${kept.join(' ')} viewBox="${box.x} ${box.y} ${box.width} ${box.height}"` +
    ` width="${width}" height="${height}" preserveAspectRatio="none"${selfClosing ? '/' : ''}>`;
  const text = original.slice(0, start.index) + tag + original.slice(start.index + start[0].length);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  await loadImage(url).catch((error: unknown) => {
    URL.revokeObjectURL(url);
    throw error;
  });
  return {
    url,
    width,
    height,
    payload: (area) => ({
      image: { width: AVATAR_SVG_SIZE, height: AVATAR_SVG_SIZE },
      coordinates: {
        left: (area.x / width) * AVATAR_SVG_SIZE,
        top: (area.y / height) * AVATAR_SVG_SIZE,
        width: (area.width / width) * AVATAR_SVG_SIZE,
        height: (area.height / height) * AVATAR_SVG_SIZE,
      },
    }),
    release: () => URL.revokeObjectURL(url),
  };
}

const clampZoom = (zoom: number) =>
  Math.min(AVATAR_CROPPER.maxZoom, Math.max(AVATAR_CROPPER.minZoom, zoom));

/**
 * 'Set image' (§2.1): a modal dialog with a circular 1:1 cropper, Save and Cancel. The wheel
 * zooms by a ratio (×1.1 in, ×0.9 out, §9) instead of the library's additive steps; Escape and
 * Cancel close it without saving.
 */
export function AvatarDialog({
  source,
  saving,
  onCancel,
  onSave,
}: {
  source: CropSource;
  saving: boolean;
  onCancel: () => void;
  onSave: (payload: AvatarCropPayload) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  // Zooming eases in over §9's 350 ms; dragging follows the pointer without delay.
  const [dragging, setDragging] = useState(false);
  const pixels = useRef<Area | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    const area = areaRef.current;
    if (!area) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const ratio = AVATAR_CROPPER.wheelZoomRatio;
      setZoom((current) => clampZoom(current * (event.deltaY < 0 ? 1 + ratio : 1 - ratio)));
    };
    area.addEventListener('wheel', onWheel, { passive: false });
    return () => area.removeEventListener('wheel', onWheel);
  }, []);

  const onCropComplete = useCallback((_area: Area, areaPixels: Area) => {
    pixels.current = areaPixels;
  }, []);

  const save = () => {
    const area = pixels.current ?? {
      x: 0,
      y: 0,
      width: Math.min(source.width, source.height),
      height: Math.min(source.width, source.height),
    };
    onSave(source.payload(area));
  };

  return (
    <dialog
      ref={dialogRef}
      className="avatar-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        // The snackbar must not take this Escape as well.
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      <h2 id={titleId} className="avatar-dialog__title">
        {avatarMessages.dialogTitle}
      </h2>
      <div
        className="avatar-dialog__area"
        ref={areaRef}
        data-zoom={zoom.toFixed(3)}
        data-dragging={dragging ? '' : undefined}
        style={{ '--crop-transition': `${AVATAR_CROPPER.transitionMs}ms` } as CSSProperties}
      >
        <Cropper
          image={source.url}
          crop={crop}
          zoom={zoom}
          minZoom={AVATAR_CROPPER.minZoom}
          maxZoom={AVATAR_CROPPER.maxZoom}
          aspect={AVATAR_CROPPER.aspect}
          cropShape="round"
          showGrid={false}
          zoomWithScroll={false}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={(next) => setZoom(clampZoom(next))}
          onCropComplete={onCropComplete}
          onInteractionStart={() => setDragging(true)}
          onInteractionEnd={() => setDragging(false)}
          mediaProps={{ alt: '' }}
        />
      </div>
      <label className="avatar-dialog__zoom">
        <span>Zoom</span>
        <input
          type="range"
          min={AVATAR_CROPPER.minZoom}
          max={AVATAR_CROPPER.maxZoom}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(clampZoom(Number(event.currentTarget.value)))}
        />
      </label>
      <div className="avatar-dialog__buttons">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {accountTexts.cancel}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={save}
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {avatarMessages.save}
        </button>
      </div>
    </dialog>
  );
}
