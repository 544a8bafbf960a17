// Small readers for server-rendered HTML in tests: an element's markup by its opening tag, the links
// in a piece of markup, and its visible text.
import { decodeEntities } from '../../../server/ssr/testing/site-test-env.ts';

/** The markup of the first element whose opening tag matches `openTag`, up to its balanced end tag. */
export function elementOf(html: string, tagName: string, openTag: RegExp): string {
  const start = html.search(openTag);
  if (start < 0) throw new Error(`no element matching ${openTag} in the page`);
  const pattern = new RegExp(`<(/?)${tagName}\\b[^>]*>`, 'g');
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  throw new Error(`unbalanced <${tagName}> from ${openTag}`);
}

export interface HtmlLink {
  href: string;
  text: string;
}

export function linksOf(html: string): HtmlLink[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decodeEntities(/\bhref="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? ''),
    text: textOf(match[2] ?? ''),
  }));
}

/** Text as a reader sees it: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
