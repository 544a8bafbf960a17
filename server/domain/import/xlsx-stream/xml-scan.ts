// Small indexOf-based helpers the part scanners share: reading one tag's name and attributes in
// place (no substring per tag, no regex over the document) and refusing a DOCTYPE in the prolog.
import { quoteFromFile, SpreadsheetRejected } from '../spreadsheet-error.ts';

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const SLASH = 47;
const GT = 62;
const EQUALS = 61;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const COLON = 58;

export function isXmlSpace(code: number): boolean {
  return code === SPACE || code === LF || code === TAB || code === CR;
}

/** Index just past the element name that starts at `from` (the character after `<`). */
export function nameEnd(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (isXmlSpace(code) || code === SLASH || code === GT) break;
    i++;
  }
  return i;
}

/** Where the local part of the name in [from, to) starts (after any `prefix:`). */
export function localNameStart(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === COLON) return i + 1;
  return from;
}

/** Whether text[from, to) is exactly `name`. */
export function isName(text: string, from: number, to: number, name: string): boolean {
  return to - from === name.length && text.startsWith(name, from);
}

/**
 * The raw (still escaped) value of the attribute called exactly `name` among the attributes in
 * text[from, to), or undefined. Prefixed attributes (`x14ac:dyDescent`) never match a bare name.
 */
export function attributeValue(text: string, from: number, to: number, name: string): string | undefined {
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (isXmlSpace(code) || code === SLASH) {
      i++;
      continue;
    }
    const start = i;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === EQUALS || isXmlSpace(c) || c === SLASH) break;
      i++;
    }
    const end = i;
    while (i < to && isXmlSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== EQUALS) continue; // a stray word: not an attribute, skip it
    i++;
    while (i < to && isXmlSpace(text.charCodeAt(i))) i++;
    const quote = text.charCodeAt(i);
    if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return undefined; // unquoted: not XML
    const close = text.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", i + 1);
    if (close === -1 || close >= to) return undefined;
    if (end - start === name.length && text.startsWith(name, start)) return text.slice(i + 1, close);
    i = close + 1;
  }
  return undefined;
}

/** Every attribute of a tag, keyed by its local name (prefix dropped), for the small parts. */
export function allAttributes(text: string, from: number, to: number): Map<string, string> {
  const attributes = new Map<string, string>();
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (isXmlSpace(code) || code === SLASH) {
      i++;
      continue;
    }
    const start = i;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === EQUALS || isXmlSpace(c) || c === SLASH) break;
      i++;
    }
    const end = i;
    while (i < to && isXmlSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== EQUALS) continue;
    i++;
    while (i < to && isXmlSpace(text.charCodeAt(i))) i++;
    const quote = text.charCodeAt(i);
    if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) break;
    const close = text.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", i + 1);
    if (close === -1 || close >= to) break;
    const local = text.slice(localNameStart(text, start, end), end);
    // The first of two same-named attributes wins (`r:id` beats a stray `x:id` after it).
    if (!attributes.has(local)) attributes.set(local, text.slice(i + 1, close));
    i = close + 1;
  }
  return attributes;
}

export type PrologState = 'more' | 'root';

/**
 * Walks the prolog at the start of a part (declaration, comments, processing instructions) up to
 * the root element. A DOCTYPE (or any other `<!` declaration) is refused: it is the only way to
 * declare entities, and no spreadsheet writer emits one. Returns 'more' while the prolog is
 * incomplete, 'root' once the root element starts.
 */
export function checkProlog(text: string, partName: string, shown: string): PrologState {
  let i = 0;
  for (;;) {
    while (i < text.length && (isXmlSpace(text.charCodeAt(i)) || text.charCodeAt(i) === 0xfeff)) i++;
    if (i >= text.length) return 'more';
    if (text.charCodeAt(i) !== 60 /* < */) return 'root'; // not XML at all: the scanners find nothing
    if (i + 1 >= text.length) return 'more';
    const next = text.charCodeAt(i + 1);
    if (next === 63 /* ? */) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) return 'more';
      i = end + 2;
    } else if (next === 33 /* ! */) {
      if (text.length - i < 4) return 'more';
      if (!text.startsWith('<!--', i)) {
        throw new SpreadsheetRejected(
          'not_a_spreadsheet',
          `"${shown}" was refused: its part ${quoteFromFile(partName)} carries a document type declaration (DOCTYPE), which no spreadsheet writer produces.`,
        );
      }
      const end = text.indexOf('-->', i + 4);
      if (end === -1) return 'more';
      i = end + 3;
    } else return 'root';
  }
}
