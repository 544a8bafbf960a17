// Helpers for the sitemap tests: a collecting Writable and a small XML well-formedness check
// (no XML parser is among the dependencies; sitemaps use a tiny subset of XML that this covers).
import { Writable } from 'node:stream';

export class Collector extends Writable {
  chunks: string[] = [];
  constructor(
    highWaterMark = 16 * 1024,
    private readonly delayMs = 0,
  ) {
    super({ highWaterMark, decodeStrings: false });
  }
  override _write(
    chunk: string | Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this.chunks.push(chunk.toString());
    if (this.delayMs > 0) setTimeout(done, this.delayMs);
    else done();
  }
  get text(): string {
    return this.chunks.join('');
  }
}

const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

/** Throws unless xml is one declaration then one well-nested element tree with escaped text. */
export function assertWellFormedXml(xml: string): void {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')) throw new Error('missing XML declaration');
  const body = xml.slice(xml.indexOf('?>') + 2);
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c === '<') {
      const end = body.indexOf('>', i);
      if (end < 0) throw new Error(`unclosed tag at ${i}`);
      const tag = body.slice(i + 1, end);
      if (tag.startsWith('/')) {
        const name = tag.slice(1);
        if (stack.pop() !== name) throw new Error(`mismatched </${name}> at ${i}`);
      } else {
        const match = /^([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)$/.exec(tag);
        if (!match) throw new Error(`malformed tag <${tag}> at ${i}`);
        if (stack.length === 0) roots++;
        if (match[3] !== '/') stack.push(match[1] as string);
      }
      i = end + 1;
    } else if (c === '&') {
      if (!ENTITY.test(body.slice(i, i + 12))) throw new Error(`bare & at ${i}`);
      i++;
    } else if (c === '>') {
      throw new Error(`bare > at ${i}`);
    } else {
      if (stack.length === 0 && !/\s/.test(c as string)) throw new Error(`text outside the root at ${i}`);
      i++;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
}

export function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export interface ParsedEntry {
  loc: string;
  lastmod: string | null;
}

/** The <url> (or <sitemap>) entries of a well-formed sitemap, unescaped. */
export function parseEntries(xml: string, element: 'url' | 'sitemap' = 'url'): ParsedEntry[] {
  assertWellFormedXml(xml);
  const entries: ParsedEntry[] = [];
  const re = new RegExp(`<${element}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${element}>`, 'g');
  for (const m of xml.matchAll(re)) entries.push({ loc: unescapeXml(m[1] as string), lastmod: m[2] ?? null });
  const count = xml.split(`<${element}>`).length - 1;
  if (count !== entries.length) throw new Error(`unexpected <${element}> content`);
  return entries;
}
