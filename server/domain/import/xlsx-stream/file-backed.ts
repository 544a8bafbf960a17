// An .xlsx upload read from disk without holding it in memory. The pre-check and the reader look at
// the ZIP's structure (its first bytes, the central directory, each part's local header) through a
// Buffer, and only inflateEntry ever touches the parts' data. So the Buffer handed to them has the
// file's full length but only that structure read into it; the data stays on disk and inflateEntry
// streams it from the file (fileBehind). A fresh zero-filled allocation of that size costs no
// resident memory for the pages never written (mmap'd zero pages), so what the import holds no longer
// grows with the file: measured in bench/import-memory.bench.ts.
import { closeSync, createReadStream, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import {
  ZIP_CENTRAL_SIGNATURE,
  ZIP_EOCD_SIGNATURE,
  ZIP_LOCAL_SIGNATURE,
  ZIP64_EOCD_SIGNATURE,
  ZIP64_LOCATOR_SIGNATURE,
} from '../precheck.ts';

/** What the pre-check reads of the start (describeContent) and the OLE signature of an .xls. */
const HEAD_BYTES = 1024;
/** The end-of-central-directory record, its longest comment and the ZIP64 locator before it. */
const TAIL_BYTES = 22 + 0xffff + 20;
/** Below this, reading the file whole costs less than finding its structure. */
const WHOLE_BELOW_BYTES = 4 * 1024 * 1024;

const files = new WeakMap<Buffer, string>();

/** The file on disk whose parts' data `buf` leaves out, if it was read by readSpreadsheetFile. */
export function fileBehind(buf: Buffer): string | undefined {
  return files.get(buf);
}

/** The file's bytes for the pre-check and the reader: its ZIP structure only, when it is a ZIP whose
 *  directory reads cleanly; anything else (an .xls, a small or damaged file) is read whole, and the
 *  pre-check then says what it is. */
export function readSpreadsheetFile(path: string, wholeBelowBytes: number = WHOLE_BELOW_BYTES): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size < Math.max(wholeBelowBytes, HEAD_BYTES)) return readFileSync(fd);
    const read = (offset: number, length: number): Buffer => {
      const bytes = Buffer.alloc(length);
      if (readSync(fd, bytes, 0, length, offset) !== length) throw new Error('short read');
      return bytes;
    };
    const ranges = zipStructure(size, read);
    if (ranges === null) return readFileSync(path);
    const buf = Buffer.alloc(size);
    for (const [offset, length] of ranges) readSync(fd, buf, offset, length, offset);
    files.set(buf, path);
    return buf;
  } catch {
    return readFileSync(path);
  } finally {
    closeSync(fd);
  }
}

/** [offset, length] of every byte range the pre-check reads; null when the file is no ZIP or its
 *  directory does not add up (the whole file then goes to the pre-check, which explains why). */
function zipStructure(
  size: number,
  read: (offset: number, length: number) => Buffer,
): Array<[number, number]> | null {
  const head = read(0, HEAD_BYTES);
  if (head.readUInt32LE(0) !== ZIP_LOCAL_SIGNATURE) return null;
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const tail = read(tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === ZIP_EOCD_SIGNATURE && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const ranges: Array<[number, number]> = [
    [0, HEAD_BYTES],
    [tailStart, size - tailStart],
  ];
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) return null;
    const recordOffset = Number(tail.readBigUInt64LE(locator + 8));
    if (recordOffset + 56 > size) return null;
    const record = read(recordOffset, 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) return null;
    ranges.push([recordOffset, 56]);
    count = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (directoryOffset + directorySize > size) return null;
  const directory = read(directoryOffset, directorySize);
  ranges.push([directoryOffset, directorySize]);
  for (let pos = 0, n = 0; n < count; n++) {
    if (pos + 46 > directory.length || directory.readUInt32LE(pos) !== ZIP_CENTRAL_SIGNATURE) return null;
    const nameLength = directory.readUInt16LE(pos + 28);
    const extraLength = directory.readUInt16LE(pos + 30);
    const commentLength = directory.readUInt16LE(pos + 32);
    let localOffset = directory.readUInt32LE(pos + 42);
    if (localOffset === 0xffffffff) {
      const extra = directory.subarray(pos + 46 + nameLength, pos + 46 + nameLength + extraLength);
      const zip64 = zip64LocalOffset(
        extra,
        directory.readUInt32LE(pos + 24),
        directory.readUInt32LE(pos + 20),
      );
      if (zip64 === null) return null;
      localOffset = zip64;
    }
    if (localOffset + 30 > size) return null;
    const local = read(localOffset, 30);
    const localLength = 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (localOffset + localLength > size) return null;
    ranges.push([localOffset, localLength]);
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return ranges;
}

/** The local header's offset from a ZIP64 extra field (after the sizes it also holds when theirs
 *  are 0xFFFFFFFF, APPNOTE 4.5.3). */
function zip64LocalOffset(extra: Buffer, uncompressed: number, compressed: number): number | null {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      if (uncompressed === 0xffffffff) field += 8;
      if (compressed === 0xffffffff) field += 8;
      return field + 8 <= at + 4 + length ? Number(extra.readBigUInt64LE(field)) : null;
    }
    at += 4 + length;
  }
  return null;
}

/** A part's stored bytes, read from the file a slice at a time. */
export async function* fileSlices(path: string, start: number, length: number, sliceBytes: number) {
  if (length <= 0) return;
  const stream = createReadStream(path, { start, end: start + length - 1, highWaterMark: sliceBytes });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } finally {
    stream.destroy();
  }
}
