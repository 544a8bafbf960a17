// Which sheets a workbook has, in order, and where their parts are: xl/workbook.xml lists the sheets
// (name + relationship id) and xl/_rels/workbook.xml.rels maps each id to a part. Both parts are
// small, so they are read whole; their text is hostile all the same (names are only ever compared
// and quoted through quoteFromFile, never used as object keys).
import type { ZipEntry } from '../precheck.ts';
import { allAttributes, checkProlog, isName, localNameStart, nameEnd } from './xml-scan.ts';
import { decodeXmlText } from './xml-text.ts';
import { readEntryText, type ZipParts } from './zip-entries.ts';

export const WORKBOOK_PATH = 'xl/workbook.xml';
const WORKBOOK_RELS_PATH = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS_DEFAULT = 'xl/sharedStrings.xml';

export interface WorkbookSheet {
  name: string;
  /** The worksheet part, or null for a chart/dialog/macro sheet or a sheet whose part is missing. */
  entry: ZipEntry | null;
}

export interface WorkbookInfo {
  sheets: WorkbookSheet[];
  sharedStrings: ZipEntry | null;
  date1904: boolean;
}

interface Relationship {
  type: string;
  target: string;
  external: boolean;
}

export async function readWorkbook(buf: Buffer, parts: ZipParts): Promise<WorkbookInfo> {
  const workbookEntry = parts.find(WORKBOOK_PATH);
  if (!workbookEntry) return { sheets: [], sharedStrings: null, date1904: false };
  const workbookXml = await readEntryText(buf, workbookEntry, parts.shown);
  checkProlog(workbookXml, workbookEntry.name, parts.shown);
  const relsEntry = parts.find(WORKBOOK_RELS_PATH);
  const relsXml = relsEntry ? await readEntryText(buf, relsEntry, parts.shown) : '';
  if (relsEntry) checkProlog(relsXml, relsEntry.name, parts.shown);

  const relationships = new Map<string, Relationship>();
  forEachTag(relsXml, (local, attributes) => {
    if (local !== 'Relationship') return;
    const id = attributes.get('Id');
    const target = attributes.get('Target');
    if (id === undefined || target === undefined || relationships.has(id)) return;
    relationships.set(id, {
      type: attributes.get('Type') ?? '',
      target: decodeXmlText(target, false),
      external: attributes.get('TargetMode') === 'External',
    });
  });

  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  forEachTag(workbookXml, (local, attributes) => {
    if (local === 'workbookPr') {
      const flag = attributes.get('date1904');
      date1904 = flag === '1' || flag === 'true';
      return;
    }
    if (local !== 'sheet') return;
    const name = decodeXmlText(attributes.get('name') ?? '', false);
    const id = attributes.get('id');
    const relationship = id === undefined ? undefined : relationships.get(id);
    let path: string | null;
    if (relationship) {
      // Chart sheets, dialog sheets and macro sheets hold no cells.
      path =
        !relationship.external && relationshipKind(relationship.type) === 'worksheet'
          ? resolveTarget(relationship.target)
          : null;
    } else {
      // No usable relationship: SheetJS then looks for the conventional name, and so do we.
      path = `xl/worksheets/sheet${sheets.length + 1}.xml`;
    }
    sheets.push({ name, entry: path === null ? null : (parts.find(path) ?? null) });
  });

  let sharedStrings: ZipEntry | null = null;
  for (const relationship of relationships.values()) {
    if (relationship.external || relationshipKind(relationship.type) !== 'sharedStrings') continue;
    sharedStrings = parts.find(resolveTarget(relationship.target)) ?? null;
    break;
  }
  sharedStrings ??= parts.find(SHARED_STRINGS_DEFAULT) ?? null;
  return { sheets, sharedStrings, date1904 };
}

/** ".../relationships/worksheet" → "worksheet" (transitional and strict namespaces alike). */
function relationshipKind(type: string): string {
  return type.slice(type.lastIndexOf('/') + 1);
}

/** A relationship target of xl/workbook.xml as a part path: relative to xl/ ("worksheets/sheet1.xml",
 *  "../xl/worksheets/sheet1.xml") or absolute from the package root ("/xl/worksheets/sheet1.xml"). */
export function resolveTarget(target: string): string {
  const absolute = target.startsWith('/');
  const segments = absolute ? [] : ['xl'];
  for (const segment of target.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

/** Calls `visit` for each start tag of a small part, with its local name and attributes (raw). */
function forEachTag(xml: string, visit: (localName: string, attributes: Map<string, string>) => void): void {
  let pos = 0;
  for (;;) {
    const lt = xml.indexOf('<', pos);
    if (lt === -1) return;
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      const terminator = next === 63 ? '?>' : xml.startsWith('<![CDATA[', lt) ? ']]>' : '-->';
      const end = xml.indexOf(terminator, lt + 2);
      if (end === -1) return;
      pos = end + terminator.length;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt === -1) return;
    pos = gt + 1;
    if (next === 47 /* / */) continue;
    const end = nameEnd(xml, lt + 1, gt);
    const local = localNameStart(xml, lt + 1, end);
    const attributesEnd = xml.charCodeAt(gt - 1) === 47 ? gt - 1 : gt;
    if (isName(xml, local, end, '')) continue;
    visit(xml.slice(local, end), allAttributes(xml, end, attributesEnd));
  }
}
