import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that pdfkit wrote with its standard fonts, one string per text-showing
 * operator, in page order (tests only: decision in the issue-30 invoices record). pdfkit writes
 * each run as hex strings of WinAnsi codes in a TJ array, kerned between pieces; its content
 * streams are Flate-compressed, which node:zlib inflates. No PDF library is needed for that.
 */
export function pdfText(pdf: Uint8Array): string[] {
  const buffer = Buffer.from(pdf);
  const raw = buffer.toString('latin1');
  const texts: string[] = [];
  const streamStart = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(buffer.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (a font program, an image)
    }
    for (const op of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      texts.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
    streamStart.lastIndex = end;
  }
  return texts;
}

/** The PDF's text as one string, runs joined by new lines. */
export function pdfPlainText(pdf: Uint8Array): string {
  return pdfText(pdf).join('\n');
}
