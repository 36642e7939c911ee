/**
 * The file name of a multipart/form-data part as the sender meant it (issue 29, item 11).
 *
 * Browsers (the HTML standard's multipart/form-data encoding, which RFC 7578 §4.2 leaves to
 * them) write a file name into `filename="…"` with three characters percent-encoded: `"` as %22,
 * CR as %0D, LF as %0A; nothing else is escaped, a `%` included. Node's own FormData does the
 * same when the pages pass a file on to the BFF. busboy hands the quoted value over as written,
 * so `Résumé & bold "quotes".svg` arrived as `Résumé & bold %22quotes%22.svg`. An RFC 5987
 * `filename*=UTF-8''…` parameter is decoded by busboy itself.
 *
 * Decoding is lossy only where the encoding is: a name that really holds the text `%22` reads as
 * a quote, as it does in every browser's own parser.
 */
export function decodeMultipartFileName(name: string): string {
  return name.replace(/%(22|0d|0a)/gi, (_, code: string) =>
    String.fromCharCode(parseInt(code, 16)),
  );
}
