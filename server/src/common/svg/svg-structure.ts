import { SaxesParser } from 'saxes';

export interface SvgLimits {
  maxElements: number;
  /** The root being 1. */
  maxDepth: number;
}

export type SvgStructure = 'ok' | 'too-complex' | 'not-xml';

/** Thrown from a handler to stop the tokenizer at the first element past a limit. */
class PastLimit extends Error {}

/**
 * Reads the markup as a stream of tags (saxes, the tokenizer jsdom itself parses XML with) and
 * counts elements and nesting before any DOM exists: building and sanitising a DOM of 70,000
 * nested groups took seconds, and a few thousand levels overflowed the stack. It stops at the
 * first element past a limit; markup that is not well-formed XML is 'not-xml'.
 */
export function checkSvgStructure(text: string, limits: SvgLimits): SvgStructure {
  const parser = new SaxesParser({ position: false });
  let elements = 0;
  let depth = 0;
  parser.on('opentagstart', () => {
    elements += 1;
    depth += 1;
    if (elements > limits.maxElements || depth > limits.maxDepth) throw new PastLimit();
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('error', (error) => {
    throw error;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    return error instanceof PastLimit ? 'too-complex' : 'not-xml';
  }
  return 'ok';
}
