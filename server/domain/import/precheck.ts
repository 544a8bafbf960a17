// Step 1 of an import: decide from the raw bytes, cheaply and before any parser runs, whether an
// uploaded file may be handed to SheetJS. SheetJS reads ELF binaries, CSV and HTML renamed .xlsx
// without complaint, inflates every ZIP entry whatever its declared size (a 2 MB bomb took it to
// ~3 GB) and cannot hold an XML part larger than V8's longest string. So we walk the ZIP central
// directory ourselves (a small, well-specified structure; APPNOTE 6.3.x) and refuse what is unsafe
// or unreadable. Limits and their sizing: docs/decisions/0002-spreadsheet-precheck-and-reader.md.
import { constants as bufferConstants } from 'node:buffer';
import { extname } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { quoteFromFile, SpreadsheetRejected } from './spreadsheet-error.ts';

export interface SpreadsheetLimits {
  /** Largest upload accepted, in bytes. */
  maxFileBytes: number;
  /** Most ZIP entries (.xlsx parts) accepted. */
  maxEntries: number;
  /** Largest sum of the declared uncompressed sizes of all parts, in bytes. */
  maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio, for the whole file and for each part (above a floor). */
  maxCompressionRatio: number;
  /** Most data rows (not counting the header) one sheet may hold. */
  maxRows: number;
}

/** Sized on realistic generated exports (figures in the decision records 0002 and 0007): a 500,000-row
 *  full-width Google Maps export (up to ~250 MB written with shared strings, ~1.6 GB unpacked, ~6:1)
 *  passes now that .xlsx is streamed; a 1.5 MB bomb of 1.5 GB (1000:1) fails the ratio. */
export const DEFAULT_SPREADSHEET_LIMITS: Readonly<SpreadsheetLimits> = Object.freeze({
  maxFileBytes: 512 * 1024 * 1024,
  maxEntries: 2000,
  maxUncompressedBytes: 3 * 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxRows: 500_000,
});

/** Small parts compress far better than data (a theme or an empty-row run reaches 30:1), and a
 *  small part cannot hurt us, so ratios are only judged above this many uncompressed bytes. */
export const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

/** SheetJS turns each XML part into one JS string (Buffer#toString('binary')); a part longer than
 *  V8's maximum string length cannot be read at all, so it is refused here instead of failing late. */
export const MAX_PART_BYTES: number = bufferConstants.MAX_STRING_LENGTH;

export type SpreadsheetKind = 'xlsx' | 'xls';

/** The ZIP records' signatures (APPNOTE 4.3), shared with xlsx-stream/file-backed.ts. */
export const ZIP_LOCAL_SIGNATURE = 0x04034b50;
export const ZIP_CENTRAL_SIGNATURE = 0x02014b50;
export const ZIP_EOCD_SIGNATURE = 0x06054b50;
export const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
export const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** General-purpose flags: bit 0 encrypted, bit 6 strong encryption, bit 13 encrypted directory. */
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const METHOD_AES = 99;

/** One part of an .xlsx as its central directory and local header describe it. */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the part's data starts, from its local header: where SheetJS starts inflating. */
  dataOffset: number;
}

export function resolveLimits(limits?: Partial<SpreadsheetLimits>): SpreadsheetLimits {
  const resolved: SpreadsheetLimits = { ...DEFAULT_SPREADSHEET_LIMITS };
  if (!limits) return resolved;
  for (const key of Object.keys(DEFAULT_SPREADSHEET_LIMITS) as Array<keyof SpreadsheetLimits>) {
    const value = limits[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`Spreadsheet limit ${key} must be > 0`);
    resolved[key] = value;
  }
  return resolved;
}

/**
 * Refuses, with a SpreadsheetRejected naming the problem, any upload that is not a safe .xlsx or
 * .xls. Cheap (reads only headers), so it can run on any thread before parsing. The kind returned
 * is what the content is: an .xls that is really a ZIP workbook is checked and read as .xlsx.
 */
export function checkSpreadsheetFile(
  bytes: Buffer | Uint8Array,
  fileName: string,
  limits?: Partial<SpreadsheetLimits>,
): { kind: SpreadsheetKind } {
  const resolved = resolveLimits(limits);
  const shown = quoteFromFile(fileName);
  const extension = extname(fileName).toLowerCase();
  if (extension !== '.xlsx' && extension !== '.xls') {
    throw new SpreadsheetRejected(
      'unsupported_type',
      `Only .xlsx and .xls files can be imported; "${shown}" is ${extension ? `a ${quoteFromFile(extension, 12)} file` : 'a file without an extension'}.`,
    );
  }
  const buf = asBuffer(bytes);
  if (buf.length === 0) throw new SpreadsheetRejected('empty_file', `"${shown}" is empty (0 bytes).`);
  if (buf.length > resolved.maxFileBytes) {
    throw new SpreadsheetRejected(
      'too_large',
      `"${shown}" is ${formatBytes(buf.length)}, more than the ${formatBytes(resolved.maxFileBytes)} limit; split it into smaller files.`,
    );
  }
  if (buf.length >= 4 && buf.readUInt32LE(0) === ZIP_LOCAL_SIGNATURE) {
    const entries = readZipDirectory(buf, shown, resolved);
    checkZipSizes(entries, buf.length, shown, resolved);
    checkWorkbookParts(entries, shown);
    return { kind: 'xlsx' };
  }
  if (buf.length >= OLE2_SIGNATURE.length && buf.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE)) {
    return { kind: 'xls' };
  }
  throw new SpreadsheetRejected(
    'not_a_spreadsheet',
    `"${shown}" is not an Excel workbook: its content is ${describeContent(buf)}. Open it in Excel and save it as .xlsx.`,
  );
}

/**
 * The declared sizes checked above are only claims: SheetJS ignores them and inflates each part to
 * its end. This inflates every deflated part with the output capped at its declared size, so a file
 * that lies (declares 1 KB, inflates to gigabytes) is refused after at most the declared bytes. It
 * costs one extra inflate of the file (≈0.1 s per 100 MB unpacked), so it belongs in the import's process,
 * right before parsing, not on the request thread.
 */
export function checkInflatedSizes(
  bytes: Buffer | Uint8Array,
  fileName: string,
  limits?: Partial<SpreadsheetLimits>,
): void {
  const buf = asBuffer(bytes);
  if (buf.length < 4 || buf.readUInt32LE(0) !== ZIP_LOCAL_SIGNATURE) return;
  const shown = quoteFromFile(fileName);
  const entries = readZipDirectory(buf, shown, resolveLimits(limits));
  // Only SheetJS needs each part as one JS string; the streaming reader has no such ceiling.
  for (const entry of entries) {
    if (entry.uncompressedSize > MAX_PART_BYTES) {
      throw new SpreadsheetRejected(
        'too_large',
        `"${shown}" is too large to read: its part ${quoteFromFile(entry.name)} unpacks into ${formatBytes(entry.uncompressedSize)}, more than the ${formatBytes(MAX_PART_BYTES)} the spreadsheet reader can hold; split it into smaller files.`,
      );
    }
  }
  for (const entry of entries) {
    if (entry.method !== METHOD_DEFLATED) continue;
    let inflatedBytes: number;
    try {
      // +1 so that "exactly the declared size" passes and one byte more throws.
      inflatedBytes = inflateRawSync(buf.subarray(entry.dataOffset), {
        maxOutputLength: Math.min(entry.uncompressedSize + 1, MAX_PART_BYTES),
      }).length;
    } catch (error) {
      if (isCode(error, 'ERR_BUFFER_TOO_LARGE')) {
        throw new SpreadsheetRejected(
          'zip_bomb',
          `"${shown}" was refused: the part ${quoteFromFile(entry.name)} unpacks to more than the ${formatBytes(entry.uncompressedSize)} it declares (a zip bomb).`,
          { cause: error },
        );
      }
      throw damaged(shown, `the part ${quoteFromFile(entry.name)} cannot be unpacked`, error);
    }
    if (inflatedBytes > entry.uncompressedSize) {
      throw new SpreadsheetRejected(
        'zip_bomb',
        `"${shown}" was refused: the part ${quoteFromFile(entry.name)} unpacks to more than it declares (a zip bomb).`,
      );
    }
  }
}

/** Walks the End Of Central Directory record and the central directory, checking each entry's
 *  structure, name and encryption, and its local header (which is what SheetJS actually reads). */
export function readZipDirectory(buf: Buffer, shown: string, limits: SpreadsheetLimits): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(buf, shown);
  if (buf.readUInt16LE(eocd + 4) !== 0 || buf.readUInt16LE(eocd + 6) !== 0) {
    throw damaged(shown, 'it is a multi-part ZIP archive');
  }
  // SheetJS trusts only these classic fields (entries on this disk, directory offset): we walk
  // from the same ones so that what we check is what it will read.
  const declaredCount = buf.readUInt16LE(eocd + 8);
  let count = declaredCount;
  let directorySize = buf.readUInt32LE(eocd + 12);
  let directoryOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const zip64 = readZip64EndOfCentralDirectory(buf, eocd, shown);
    count = zip64.count;
    directorySize = zip64.directorySize;
    directoryOffset = zip64.directoryOffset;
  }
  if (count > limits.maxEntries) {
    throw new SpreadsheetRejected(
      'too_many_entries',
      `"${shown}" holds ${count.toLocaleString('en-US')} packed parts, more than the ${limits.maxEntries.toLocaleString('en-US')} a workbook may have.`,
    );
  }
  if (count !== declaredCount || buf.readUInt32LE(eocd + 16) !== directoryOffset) {
    // Only reachable through ZIP64 markers, which a file of our size never needs and SheetJS
    // cannot follow: it would read a different directory from the one we checked.
    throw damaged(shown, 'its ZIP64 directory cannot be read by the spreadsheet reader');
  }
  const directoryEnd = directoryOffset + directorySize;
  if (directoryEnd > eocd) throw damaged(shown, 'its central directory lies outside the file');

  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let pos = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > directoryEnd || buf.readUInt32LE(pos) !== ZIP_CENTRAL_SIGNATURE) {
      throw damaged(shown, 'its central directory is truncated');
    }
    const flags = buf.readUInt16LE(pos + 8);
    const method = buf.readUInt16LE(pos + 10);
    let compressedSize = buf.readUInt32LE(pos + 20);
    let uncompressedSize = buf.readUInt32LE(pos + 24);
    const nameLength = buf.readUInt16LE(pos + 28);
    const extraLength = buf.readUInt16LE(pos + 30);
    const commentLength = buf.readUInt16LE(pos + 32);
    let localOffset = buf.readUInt32LE(pos + 42);
    const nameStart = pos + 46;
    const next = nameStart + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw damaged(shown, 'its central directory is truncated');
    const nameBytes = buf.subarray(nameStart, nameStart + nameLength);
    // Bit 11 says UTF-8; otherwise CP437, whose ASCII range is all the checks below look at.
    const name = nameBytes.toString(flags & 0x0800 ? 'utf8' : 'latin1');

    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) {
      const extra = buf.subarray(nameStart + nameLength, nameStart + nameLength + extraLength);
      const wide = readZip64ExtraField(extra, {
        uncompressed: uncompressedSize === 0xffffffff,
        compressed: compressedSize === 0xffffffff,
        offset: localOffset === 0xffffffff,
      });
      if (!wide) throw damaged(shown, `the part ${quoteFromFile(name)} lacks its ZIP64 sizes`);
      uncompressedSize = wide.uncompressed ?? uncompressedSize;
      compressedSize = wide.compressed ?? compressedSize;
      localOffset = wide.offset ?? localOffset;
    }

    if (flags & ENCRYPTION_FLAGS || method === METHOD_AES) {
      throw new SpreadsheetRejected(
        'encrypted',
        `"${shown}" is password-protected (the part ${quoteFromFile(name)} is encrypted); remove the password in Excel and upload it again.`,
      );
    }
    if (method !== METHOD_STORED && method !== METHOD_DEFLATED) {
      throw damaged(shown, `the part ${quoteFromFile(name)} uses compression method ${method}`);
    }
    const unsafe = unsafeNameReason(name);
    if (unsafe) {
      throw new SpreadsheetRejected(
        'unsafe_entry',
        `"${shown}" was refused: it contains a part named "${quoteFromFile(name)}" (${unsafe}).`,
      );
    }
    const key = name.toLowerCase().replace(/\\/g, '/');
    if (seen.has(key)) {
      throw new SpreadsheetRejected(
        'unsafe_entry',
        `"${shown}" was refused: the part ${quoteFromFile(name)} appears twice.`,
      );
    }
    seen.add(key);

    const dataOffset = checkLocalHeader(buf, localOffset, nameBytes, shown, name);
    if (dataOffset + compressedSize > directoryOffset) {
      throw damaged(shown, `the part ${quoteFromFile(name)} runs past the end of the data`);
    }
    if (method === METHOD_STORED && compressedSize !== uncompressedSize) {
      throw damaged(shown, `the stored part ${quoteFromFile(name)} declares two different sizes`);
    }
    entries.push({ name, flags, method, compressedSize, uncompressedSize, dataOffset });
    pos = next;
  }
  if (pos !== directoryEnd) throw damaged(shown, 'its central directory size does not match its entries');
  return entries;
}

function findEndOfCentralDirectory(buf: Buffer, shown: string): number {
  // Scan backwards from the very end, as SheetJS does, so both pick the same record; then insist
  // the record and its comment end exactly at the end of the file.
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 4; i >= lowest; i--) {
    if (buf.readUInt32LE(i) !== ZIP_EOCD_SIGNATURE) continue;
    if (i + 22 > buf.length || i + 22 + buf.readUInt16LE(i + 20) !== buf.length) break;
    return i;
  }
  throw damaged(shown, 'it has no readable ZIP central directory; it may be truncated');
}

function readZip64EndOfCentralDirectory(
  buf: Buffer,
  eocd: number,
  shown: string,
): { count: number; directorySize: number; directoryOffset: number } {
  const locator = eocd - 20;
  if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) {
    throw damaged(shown, 'its ZIP64 directory locator is missing');
  }
  const record = safeNumber(buf.readBigUInt64LE(locator + 8));
  if (record === null || record + 56 > locator || buf.readUInt32LE(record) !== ZIP64_EOCD_SIGNATURE) {
    throw damaged(shown, 'its ZIP64 directory record is missing');
  }
  const count = safeNumber(buf.readBigUInt64LE(record + 32));
  const directorySize = safeNumber(buf.readBigUInt64LE(record + 40));
  const directoryOffset = safeNumber(buf.readBigUInt64LE(record + 48));
  if (count === null || directorySize === null || directoryOffset === null) {
    throw damaged(shown, 'its ZIP64 directory declares impossible sizes');
  }
  return { count, directorySize, directoryOffset };
}

/** The ZIP64 extended-information extra field (id 0x0001) holds, in this order and only when the
 *  32-bit field is 0xFFFFFFFF: uncompressed size, compressed size, local header offset. */
function readZip64ExtraField(
  extra: Buffer,
  wanted: { uncompressed: boolean; compressed: boolean; offset: boolean },
): { uncompressed?: number; compressed?: number; offset?: number } | null {
  let pos = 0;
  while (pos + 4 <= extra.length) {
    const id = extra.readUInt16LE(pos);
    const size = extra.readUInt16LE(pos + 2);
    const end = pos + 4 + size;
    if (end > extra.length) return null;
    if (id === 0x0001) {
      const out: { uncompressed?: number; compressed?: number; offset?: number } = {};
      let at = pos + 4;
      for (const field of ['uncompressed', 'compressed', 'offset'] as const) {
        if (!wanted[field]) continue;
        if (at + 8 > end) return null;
        const value = safeNumber(extra.readBigUInt64LE(at));
        if (value === null) return null;
        out[field] = value;
        at += 8;
      }
      return out;
    }
    pos = end;
  }
  return null;
}

function checkLocalHeader(
  buf: Buffer,
  offset: number,
  nameBytes: Buffer,
  shown: string,
  name: string,
): number {
  if (offset + 30 > buf.length || buf.readUInt32LE(offset) !== ZIP_LOCAL_SIGNATURE) {
    throw damaged(shown, `the part ${quoteFromFile(name)} has no local header`);
  }
  const localFlags = buf.readUInt16LE(offset + 6);
  const nameLength = buf.readUInt16LE(offset + 26);
  const extraLength = buf.readUInt16LE(offset + 28);
  const dataOffset = offset + 30 + nameLength + extraLength;
  if (dataOffset > buf.length) throw damaged(shown, `the part ${quoteFromFile(name)} is truncated`);
  // SheetJS names parts and detects encryption from the LOCAL header: it must say the same thing.
  if (!buf.subarray(offset + 30, offset + 30 + nameLength).equals(nameBytes)) {
    throw new SpreadsheetRejected(
      'unsafe_entry',
      `"${shown}" was refused: the part ${quoteFromFile(name)} has a different name in its local header.`,
    );
  }
  if (localFlags & ENCRYPTION_FLAGS) {
    throw new SpreadsheetRejected(
      'encrypted',
      `"${shown}" is password-protected (the part ${quoteFromFile(name)} is encrypted); remove the password in Excel and upload it again.`,
    );
  }
  return dataOffset;
}

/** Why a part name could escape a folder if anyone ever extracted it, or null when it is fine. */
function unsafeNameReason(name: string): string | null {
  if (name.length === 0) return 'an empty name';
  if (name.includes('\u0000')) return 'a NUL character in its name';
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  if (name.split(/[\\/]/).includes('..')) return 'a ".." path segment';
  return null;
}

function checkZipSizes(
  entries: readonly ZipEntry[],
  fileBytes: number,
  shown: string,
  limits: SpreadsheetLimits,
): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (
      entry.method === METHOD_DEFLATED &&
      entry.uncompressedSize > RATIO_FLOOR_BYTES &&
      entry.uncompressedSize > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1)
    ) {
      throw new SpreadsheetRejected(
        'zip_bomb',
        `"${shown}" was refused as a zip bomb: the part ${quoteFromFile(entry.name)} unpacks ${formatBytes(entry.compressedSize)} into ${formatBytes(entry.uncompressedSize)} (more than ${limits.maxCompressionRatio}:1).`,
      );
    }
  }
  if (total > RATIO_FLOOR_BYTES && total > limits.maxCompressionRatio * fileBytes) {
    throw new SpreadsheetRejected(
      'zip_bomb',
      `"${shown}" was refused as a zip bomb: ${formatBytes(fileBytes)} unpacks into ${formatBytes(total)} (more than ${limits.maxCompressionRatio}:1).`,
    );
  }
  if (total > limits.maxUncompressedBytes) {
    throw new SpreadsheetRejected(
      'zip_bomb',
      `"${shown}" was refused: it unpacks into ${formatBytes(total)}, more than the ${formatBytes(limits.maxUncompressedBytes)} limit; split it into smaller files.`,
    );
  }
}

function checkWorkbookParts(entries: readonly ZipEntry[], shown: string): void {
  const names = new Set(entries.map((entry) => entry.name.toLowerCase().replace(/\\/g, '/')));
  if (names.has('xl/workbook.xml')) {
    // SheetJS reads these other formats first when their marker part is present, whatever else is.
    if (
      names.has('meta-inf/manifest.xml') ||
      names.has('objectdata.xml') ||
      names.has('index/document.iwa')
    ) {
      throw new SpreadsheetRejected(
        'not_a_spreadsheet',
        `"${shown}" mixes an Excel workbook with OpenDocument or Numbers parts; save it from Excel as .xlsx.`,
      );
    }
    return;
  }
  if (names.has('xl/workbook.bin')) {
    throw new SpreadsheetRejected(
      'missing_workbook',
      `"${shown}" is a binary .xlsb workbook renamed; binary .xlsb workbooks are not supported. Save it as .xlsx.`,
    );
  }
  const looksLike = names.has('word/document.xml')
    ? ' (it looks like a Word document)'
    : names.has('ppt/presentation.xml')
      ? ' (it looks like a PowerPoint presentation)'
      : names.has('content.xml')
        ? ' (it looks like an OpenDocument file)'
        : '';
  throw new SpreadsheetRejected(
    'missing_workbook',
    `"${shown}" is a ZIP archive but not an Excel workbook: it has no xl/workbook.xml${looksLike}.`,
  );
}

/** A short description of what a non-spreadsheet upload actually is, for the refusal message. */
function describeContent(buf: Buffer): string {
  const head = buf.subarray(0, 1024);
  if (head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return 'a program (ELF executable)';
  if (head[0] === 0x4d && head[1] === 0x5a) return 'a Windows program';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'a PDF document';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<')) {
    return /<(!doctype html|html|table|head|body|meta)\b/.test(text)
      ? 'an HTML page'
      : 'an XML or HTML document';
  }
  let printable = 0;
  for (const byte of head) if (byte === 9 || byte === 10 || byte === 13 || byte >= 32) printable++;
  if (printable === head.length) return 'plain text (CSV or similar)';
  return 'not a spreadsheet format';
}

function damaged(shown: string, detail: string, cause?: unknown): SpreadsheetRejected {
  return new SpreadsheetRejected(
    'not_a_spreadsheet',
    `"${shown}" is damaged or not a real Excel file: ${detail}.`,
    cause === undefined ? undefined : { cause },
  );
}

export function asBuffer(bytes: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function safeNumber(value: bigint): number | null {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} bytes`;
}
