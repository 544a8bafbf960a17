// Cleaning of free text from a spreadsheet cell. Imported text is hostile: control characters are
// removed, everything else (RTL, CJK, emoji, combining marks) is kept exactly as written.

/** Anything that needs more than a trim: C0/C1 controls, DEL, and surrogates (to catch lone halves).
 *  Tested once per cell so the common clean cell costs one regex test. */
const NEEDS_CLEANING = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/;
/** Line breaks and tabs become one space in single-line fields (a name never spans lines). */
const LINE_BREAKS = /[\t\n\v\f\r\u0085]+/g;
/** In multi-line fields only CR LF / CR become LF; other line-ish controls become a space. */
const CRLF = /\r\n?/g;
const TABS = /[\t\v\f\u0085]+/g;
/** Remaining controls are dropped (NUL, ESC, bidi-unrelated C1 codes…). LF is kept for multi-line. */
const CONTROLS_SINGLE = /[\u0000-\u001F\u007F-\u009F]/g;
const CONTROLS_MULTI = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
/** The controls that cleaning drops outright; tabs, line breaks (CR, LF, VT, FF, NEL) become a space
 *  or stay. One character class for both flavours: CONTROLS_SINGLE/MULTI minus what was replaced first. */
const DROPPED_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/;
const DROPPED_CONTROLS_ALL = new RegExp(DROPPED_CONTROLS.source, 'g');
/** A surrogate half without its partner cannot be stored as UTF-8: replace it with U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export type CellValue = string | number | boolean | undefined;

/** A cell as text: numbers as JavaScript prints them, booleans as TRUE/FALSE (how a sheet shows them). */
export function cellToString(value: CellValue): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value ? 'TRUE' : 'FALSE';
}

/** Single-line text: controls removed, line breaks and tabs turned into one space, trimmed. */
export function cleanLine(raw: string): string {
  if (!NEEDS_CLEANING.test(raw)) return raw.trim();
  let text = raw.replace(LINE_BREAKS, ' ').replace(CONTROLS_SINGLE, '');
  text = text.replace(LONE_SURROGATE, '\uFFFD');
  return text.trim();
}

/** Multi-line text (descriptions): as cleanLine but line feeds are kept, CR LF becomes LF. */
export function cleanMultiline(raw: string): string {
  if (!NEEDS_CLEANING.test(raw)) return raw.trim();
  let text = raw.replace(CRLF, '\n').replace(TABS, ' ').replace(CONTROLS_MULTI, '');
  text = text.replace(LONE_SURROGATE, '\uFFFD');
  return text.trim();
}

/** The text without the controls cleaning would drop, and which ones they were ("U+0000, U+001B"), or
 *  undefined when it holds none: for a warning that says a cell had NUL or ESC in it. */
export function withoutDroppedControls(raw: string): { text: string; removed: string } | undefined {
  if (!DROPPED_CONTROLS.test(raw)) return undefined;
  const found = new Set<string>();
  const text = raw.replace(DROPPED_CONTROLS_ALL, (control) => {
    found.add(`U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    return '';
  });
  const codes = [...found];
  const shown = codes.length > 3 ? `${codes.slice(0, 3).join(', ')}…` : codes.join(', ');
  const count = raw.length - text.length;
  return { text, removed: `${count} control character${count === 1 ? '' : 's'} (${shown})` };
}

/** Cuts text to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd();
}

/** A short, quoted rendering of a bad value for a warning message (never the whole 10 kB cell). */
export function quote(value: CellValue): string {
  const text = cleanLine(cellToString(value));
  const shown = text.length > 40 ? `${truncate(text, 40)}…` : text;
  return JSON.stringify(shown);
}

/** A copy of the text that holds on to nothing else. Strings cut from a large decoded chunk (the
 *  streaming reader's cells) keep the whole chunk alive while they live; a cache keyed by such
 *  strings measured ~500 MB retained over 100k rows. Cache keys are detached before they are kept. */
export function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
