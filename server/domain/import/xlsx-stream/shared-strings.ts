// The shared-strings table (xl/sharedStrings.xml): real exports keep every text cell here and the
// sheet refers to it by index, so this is the one part held whole in memory — as the strings
// themselves, not as XML. Each <si> is read as SheetJS reads it, so both readers give the same text.
import type { ZipEntry } from '../precheck.ts';
import { PartScanner } from './part-scanner.ts';
import { decodeXmlText } from './xml-text.ts';
import { inflateEntry } from './zip-entries.ts';
import { isName, isXmlSpace, localNameStart, nameEnd } from './xml-scan.ts';

export async function readSharedStrings(
  buf: Buffer,
  entry: ZipEntry,
  shown: string,
  rechunkBytes?: number,
): Promise<string[]> {
  const scanner = new SharedStringsScanner(entry.name, shown);
  for await (const chunk of inflateEntry(buf, entry, shown, { rechunkBytes })) {
    scanner.write(chunk);
    if (scanner.done) break;
  }
  if (!scanner.done) scanner.close();
  return scanner.strings;
}

class SharedStringsScanner extends PartScanner {
  readonly strings: string[] = [];

  protected scan(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt === -1) {
        pos = text.length;
        break;
      }
      const gt = text.indexOf('>', lt + 1);
      if (gt === -1) {
        pos = lt;
        break;
      }
      if (text.charCodeAt(lt + 1) === 47 /* / */) {
        const end = nameEnd(text, lt + 2, gt);
        if (isName(text, localNameStart(text, lt + 2, end), end, 'sst')) {
          this.finished = true;
          pos = gt + 1;
          break;
        }
        pos = gt + 1;
        continue;
      }
      const end = nameEnd(text, lt + 1, gt);
      const local = localNameStart(text, lt + 1, end);
      if (!isName(text, local, end, 'si')) {
        pos = gt + 1; // <sst>, <extLst> and the like: nothing to read
        continue;
      }
      if (text.charCodeAt(gt - 1) === 47 /* / */) {
        this.strings.push('');
        pos = gt + 1;
        continue;
      }
      const close = `</${text.slice(lt + 1, end)}>`;
      const closeAt = text.indexOf(close, gt + 1);
      if (closeAt === -1) {
        pos = lt;
        break;
      }
      this.strings.push(ownCopy(stringItemText(text.slice(gt + 1, closeAt))));
      pos = closeAt + close.length;
    }
    this.pos = pos;
  }

  protected end(): void {
    // A table cut short keeps the strings read so far; a cell that refers past them is refused.
  }
}

/**
 * The text of one string item (<si> or an inline <is>), as SheetJS's parse_si gives it: when the
 * item starts with <t>, that element's text; when it holds rich-text runs (<r>), the text of every
 * <t> outside phonetic runs (<rPh>), concatenated; otherwise none. Whitespace is kept whatever
 * `xml:space` says (SheetJS ignores the attribute too, and Excel writes it when it matters).
 */
export function stringItemText(item: string): string {
  let i = 0;
  while (i < item.length && isXmlSpace(item.charCodeAt(i))) i++;
  if (item.charCodeAt(i) !== 60 /* < */) return '';
  const end = nameEnd(item, i + 1, item.length);
  const local = localNameStart(item, i + 1, end);
  if (isName(item, local, end, 't')) {
    const gt = item.indexOf('>', end);
    if (gt === -1 || item.charCodeAt(gt - 1) === 47 /* <t/> */) return '';
    const close = item.indexOf(`</${item.slice(i + 1, end)}>`, gt + 1);
    return decodeXmlText(close === -1 ? item.slice(gt + 1) : item.slice(gt + 1, close), true);
  }
  return decodeXmlText(runsText(item), true);
}

/** Concatenated text of the <t> elements of rich-text runs, skipping <rPh> phonetic runs. */
function runsText(item: string): string {
  let out = '';
  let hasRun = false;
  let pos = 0;
  for (;;) {
    const lt = item.indexOf('<', pos);
    if (lt === -1) break;
    const gt = item.indexOf('>', lt + 1);
    if (gt === -1) break;
    if (item.charCodeAt(lt + 1) === 47 /* / */) {
      pos = gt + 1;
      continue;
    }
    const end = nameEnd(item, lt + 1, gt);
    const local = localNameStart(item, lt + 1, end);
    const selfClosing = item.charCodeAt(gt - 1) === 47;
    if (isName(item, local, end, 'r')) hasRun = true;
    if (isName(item, local, end, 'rPh') && !selfClosing) {
      const close = item.indexOf(`</${item.slice(lt + 1, end)}>`, gt + 1);
      if (close === -1) break;
      pos = close;
      continue;
    }
    if (isName(item, local, end, 't') && !selfClosing) {
      // Plain text up to the next tag, which must close this <t> (SheetJS reads `<t>([^<]*)</t>`).
      const next = item.indexOf('<', gt + 1);
      if (next !== -1 && item.startsWith(`</${item.slice(lt + 1, end)}>`, next)) {
        out += item.slice(gt + 1, next);
        pos = next;
        continue;
      }
    }
    pos = gt + 1;
  }
  return hasRun ? out : '';
}

/** A copy that does not keep the 256 KB decoded chunk it was cut from alive (V8 slices of 13+
 *  characters point into their parent string); the table may hold millions of these. */
function ownCopy(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
