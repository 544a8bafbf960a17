// Imported text is hostile: before a value goes into generated prose, titles or descriptions it is
// reduced to one line of plain text. The UI escapes on output; this only keeps markup, control
// characters and direction overrides out of text that search engines and people will read.

// Tags such as <br>, <b>, <script …> become a space; a lone "<" (as in "A < B") is ordinary text.
const TAG = /<\/?[a-zA-Z][^<>]*>/g;
// C0/C1 controls and the invisible format characters that can reorder or hide text.
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** One line of plain text, at most maxLength code points (cut at a word boundary, with "…"). */
export function plainText(value: string | null | undefined, maxLength = 200): string {
  if (typeof value !== 'string') return '';
  const cleaned = value.replace(TAG, ' ').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  return truncateWords(cleaned, maxLength);
}

/** Cuts text to at most maxLength code points, preferring the last word boundary, ending with "…". */
export function truncateWords(text: string, maxLength: number): string {
  // UTF-16 length ≥ code points: a short string needs no splitting (the common case, and cheap).
  if (text.length <= maxLength) return text;
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const head = chars.slice(0, Math.max(1, maxLength - 1)).join('');
  const lastSpace = head.lastIndexOf(' ');
  // Only back up to a space when that keeps most of the text; a single long word is cut mid-word.
  const cut = lastSpace > head.length * 0.6 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,;:.–-]+$/u, '')}…`;
}

/** Length in code points (what a person counts as characters), not UTF-16 units. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whitespace-separated words; a loop, because match(/\S+/g) allocates an array per call. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
