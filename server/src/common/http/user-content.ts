/**
 * Previews are user content, as avatar files are: whatever slipped past the sanitiser may not
 * run. No script, no load but the data: images a raster import embeds, a sandbox even for a
 * top-level visit; inline styles still apply. The project document and preview calls, signed
 * in or by a public link (issue 31), send these.
 */
export const USER_CONTENT_SVG_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy':
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;
