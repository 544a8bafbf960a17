// Decoding of XML character data taken verbatim from an .xlsx part: the five predefined entities,
// decimal/hex character references, CDATA sections, and the `_xHHHH_` escapes Excel uses for
// characters XML cannot carry. Nothing else: there is no DTD, so no other entity can exist (a part
// with a DOCTYPE is refused before it gets here) and an unknown `&name;` is kept as written, as
// SheetJS keeps it. Called once per cell value, never on a whole document.

const PREDEFINED: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
  }),
);

/** `_x000D_` → CR: Excel's escape for a UTF-16 code unit (ECMA-376 22.4.2.4 ST_Xstring). */
const EXCEL_ESCAPE = /_x([0-9a-fA-F]{4})_/g;
/** Longest reference worth reading: `&#x10FFFF;` and `&quot;` both fit. */
const MAX_REFERENCE_LENGTH = 12;

/**
 * The text a run of XML character data stands for. `crlfToLf` is what SheetJS does for cell text
 * (shared, inline and formula strings): after decoding, CR LF becomes LF, so `_x000D_` followed by a
 * line break reads as one line break, exactly as the SheetJS reader gives it.
 */
export function decodeXmlText(raw: string, crlfToLf: boolean): string {
  // Fast path: most cell text holds nothing to decode.
  if (
    raw.indexOf('&') === -1 &&
    raw.indexOf('_x') === -1 &&
    raw.indexOf('<![CDATA[') === -1 &&
    (!crlfToLf || raw.indexOf('\r') === -1)
  ) {
    return raw;
  }
  const text = decodeWithCdata(raw);
  return crlfToLf && text.indexOf('\r\n') !== -1 ? text.replaceAll('\r\n', '\n') : text;
}

/** CDATA content is literal: neither entities nor `_xHHHH_` escapes are decoded inside it. */
function decodeWithCdata(raw: string): string {
  const open = raw.indexOf('<![CDATA[');
  if (open === -1) return decodeEscapes(decodeEntities(raw));
  const close = raw.indexOf(']]>', open + 9);
  if (close === -1) return decodeEscapes(decodeEntities(raw.slice(0, open))) + raw.slice(open + 9);
  return (
    decodeEscapes(decodeEntities(raw.slice(0, open))) +
    raw.slice(open + 9, close) +
    decodeWithCdata(raw.slice(close + 3))
  );
}

function decodeEscapes(text: string): string {
  if (text.indexOf('_x') === -1) return text;
  return text.replace(EXCEL_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    const semi = text.indexOf(';', amp + 1);
    if (semi === -1) break;
    if (semi - amp > MAX_REFERENCE_LENGTH) {
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    const replacement = referenceText(text.slice(amp + 1, semi));
    if (replacement !== undefined) {
      out += text.slice(from, amp) + replacement;
      from = semi + 1;
    }
    amp = text.indexOf('&', replacement === undefined ? amp + 1 : semi + 1);
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The text of `&name;` (given `name`), or undefined when it is no reference we decode. */
function referenceText(name: string): string | undefined {
  if (name.charCodeAt(0) !== 35 /* # */) return PREDEFINED[name];
  const hex = name.charCodeAt(1) === 120 || name.charCodeAt(1) === 88; // x or X
  const digits = name.slice(hex ? 2 : 1);
  if (digits === '' || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const code = Number.parseInt(digits, hex ? 16 : 10);
  // A code point, not a UTF-16 unit: &#128512; is 😀 (SheetJS truncates it to one unit; we do not).
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
