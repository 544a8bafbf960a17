// How often the about text names the business. Templates write the business as NAME; once the text's
// sentences are chosen and ordered, the first mention and a spread of others become the name and the
// rest "the business" or "this business", so that the name appears at most MAX_NAME_MENTIONS times
// counting its appearances inside the data's own words (a description that quotes it, a category
// equal to it). Matching is case-sensitive and on word boundaries: "Bar" the name, not "bar" in
// "Wine bar", and not inside "Barista".
import type { Chooser } from './seeded-random.ts';

/** Stands for the business in templates (a control character: plainText removes them from data). */
export const NAME = '\u0001';
export const MAX_NAME_MENTIONS = 3;

const WORD_CHAR = /[\p{L}\p{N}]/u;

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && WORD_CHAR.test(c);
}

/** Appearances of `name` in `text` that are not part of a longer word. */
export function countNameMentions(text: string, name: string): number {
  if (name === '') return 0;
  let count = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return count;
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + name.length])) {
      count++;
      from = at + name.length;
    } else {
      from = at + 1;
    }
  }
}

/** The name's appearances in the sentences' own words (NAME placeholders not counted). */
function fixedMentions(paragraphs: readonly string[][], name: string): number[][] {
  return paragraphs.map((p) => p.map((sentence) => countNameMentions(sentence, name)));
}

/** When the data's words already name the business more than MAX_NAME_MENTIONS − 1 times, drops
 *  sentences carrying those mentions, last first (never the opening sentence), so that the opening
 *  mention can still be the name. Returns whether any sentence was dropped. */
export function dropRepeatedNames(paragraphs: string[][], name: string): boolean {
  const counts = fixedMentions(paragraphs, name);
  let total = counts.flat().reduce((a, b) => a + b, 0);
  let dropped = false;
  for (let p = paragraphs.length - 1; p >= 0 && total > MAX_NAME_MENTIONS - 1; p--) {
    const sentences = paragraphs[p] as string[];
    const pCounts = counts[p] as number[];
    for (let s = sentences.length - 1; s >= 0 && total > MAX_NAME_MENTIONS - 1; s--) {
      const n = pCounts[s] as number;
      if (n === 0 || (p === 0 && s === 0)) continue;
      sentences.splice(s, 1);
      pCounts.splice(s, 1);
      total -= n;
      dropped = true;
    }
  }
  return dropped;
}

/** Replaces every NAME: the first and an even spread of the others with the name, as many as the
 *  data's own mentions leave room for; the rest with "the business" or "this business". */
export function writeNames(paragraphs: string[][], name: string, r: Chooser): void {
  let fixed = 0;
  let placeholders = 0;
  for (const p of paragraphs) {
    for (const sentence of p) {
      fixed += countNameMentions(sentence, name);
      for (let at = sentence.indexOf(NAME); at >= 0; at = sentence.indexOf(NAME, at + 1)) placeholders++;
    }
  }
  const named = new Set<number>();
  const room = Math.max(0, MAX_NAME_MENTIONS - fixed);
  const slots = Math.min(room, placeholders);
  for (let j = 0; j < slots; j++) named.add(Math.round((j * placeholders) / slots));

  let index = 0;
  for (const p of paragraphs) {
    for (let s = 0; s < p.length; s++) {
      const sentence = p[s] as string;
      if (!sentence.includes(NAME)) continue;
      let out = '';
      let last = 0;
      for (let at = sentence.indexOf(NAME); at >= 0; at = sentence.indexOf(NAME, at + 1)) {
        const reference = named.has(index) ? name : r.pick(['the business', 'this business']);
        const word =
          at === 0 && reference !== name ? reference[0]?.toUpperCase() + reference.slice(1) : reference;
        out += sentence.slice(last, at) + word;
        last = at + NAME.length;
        index++;
      }
      p[s] = out + sentence.slice(last);
    }
  }
}
