// A deliberately permissive ZIP writer for tests: unlike real archivers it lets a test set the
// flags, names, declared sizes and raw deflate data of each entry, so hostile archives (encrypted
// flags, "../" names, lying sizes, bombs) can be built in memory at test time.
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface TestZipEntry {
  name: string;
  /** The entry's content; deflated unless `stored` or `deflated` is given. */
  data?: Buffer | string;
  /** Raw deflate bytes to use as-is (for bombs made without holding their output). */
  deflated?: Buffer;
  stored?: boolean;
  /** Declared sizes, when a test wants them to lie. */
  uncompressedSize?: number;
  compressedSize?: number;
  flags?: number;
  method?: number;
  /** A different name for the local header only. */
  localName?: string;
  /** Flags for the local header only (by default the same as the central directory's). */
  localFlags?: number;
  /** Extra field bytes for the central directory record (e.g. a ZIP64 size field). */
  extra?: Buffer;
}

export interface TestZipOptions {
  /** Write a ZIP64 end record and put the 0xFFFF/0xFFFFFFFF markers in the classic one. */
  zip64EndRecord?: boolean;
}

export function buildZip(entries: readonly TestZipEntry[], options: TestZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = entry.data === undefined ? undefined : Buffer.from(entry.data);
    const stored = entry.stored === true;
    const payload =
      entry.deflated ?? (stored ? (raw ?? Buffer.alloc(0)) : deflateRawSync(raw ?? Buffer.alloc(0)));
    const method = entry.method ?? (stored ? 0 : 8);
    const flags = (entry.flags ?? 0) | 0x0800; // names are UTF-8
    const crc = raw ? crc32(raw) : 0;
    const uncompressedSize = entry.uncompressedSize ?? raw?.length ?? 0;
    const compressedSize = entry.compressedSize ?? payload.length;
    const name = Buffer.from(entry.name, 'utf8');
    const localName = Buffer.from(entry.localName ?? entry.name, 'utf8');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.localFlags ?? flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressedSize >>> 0, 18);
    local.writeUInt32LE(uncompressedSize >>> 0, 22);
    local.writeUInt16LE(localName.length, 26);
    locals.push(local, localName, payload);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressedSize >>> 0, 20);
    central.writeUInt32LE(uncompressedSize >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(entry.extra?.length ?? 0, 30);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name, entry.extra ?? Buffer.alloc(0));

    offset += local.length + localName.length + payload.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  if (!options.zip64EndRecord) return Buffer.concat([...locals, directory, end]);

  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries.length), 24);
  record.writeBigUInt64LE(BigInt(entries.length), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([...locals, directory, record, locator, end]);
}

/** A ZIP64 extended-information extra field carrying the given 64-bit values, in order. */
export function zip64Extra(...values: number[]): Buffer {
  const field = Buffer.alloc(4 + 8 * values.length);
  field.writeUInt16LE(0x0001, 0);
  field.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => {
    field.writeBigUInt64LE(BigInt(value), 4 + 8 * i);
  });
  return field;
}

/** The parts of an archive whose local headers carry their sizes (SheetJS's and our writer's
 *  output), read independently of the code under test. */
export function listZipParts(zip: Buffer): Array<{ name: string; method: number; compressed: Buffer }> {
  const parts: Array<{ name: string; method: number; compressed: Buffer }> = [];
  let pos = 0;
  while (pos + 30 <= zip.length && zip.readUInt32LE(pos) === 0x04034b50) {
    const method = zip.readUInt16LE(pos + 8);
    const size = zip.readUInt32LE(pos + 18);
    const nameLength = zip.readUInt16LE(pos + 26);
    const start = pos + 30 + nameLength + zip.readUInt16LE(pos + 28);
    parts.push({
      name: zip.toString('utf8', pos + 30, pos + 30 + nameLength),
      method,
      compressed: zip.subarray(start, start + size),
    });
    pos = start + size;
  }
  return parts;
}

/** Re-packs an archive with zlib's default level, as Excel, openpyxl and XlsxWriter compress;
 *  SheetJS's own deflate is much weaker and would overstate file sizes. */
export function repackWithZlib(zip: Buffer): Buffer {
  return buildZip(
    listZipParts(zip).map((part) => ({
      name: part.name,
      data: part.method === 8 ? inflateRawSync(part.compressed) : part.compressed,
    })),
  );
}

/**
 * Raw deflate data that inflates to `totalBytes` of `pattern` repeated, built without ever holding
 * the output: one chunk is compressed with a full flush (byte-aligned, no back-references into
 * earlier data), so copies of it can be concatenated, then closed by an empty final block (03 00).
 */
export function repeatedDeflate(
  pattern: string,
  totalBytes: number,
  chunkBytes = 16 * 1024 * 1024,
  prefix = '',
): Buffer {
  const unit = Buffer.from(pattern);
  const perChunk = Math.max(1, Math.floor(chunkBytes / unit.length));
  const chunk = Buffer.alloc(perChunk * unit.length);
  for (let i = 0; i < perChunk; i++) unit.copy(chunk, i * unit.length);
  const fullFlush = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const compressed = deflateRawSync(chunk, fullFlush);
  const copies = Math.max(1, Math.round(totalBytes / chunk.length));
  const parts: Buffer[] = prefix ? [deflateRawSync(Buffer.from(prefix), fullFlush)] : [];
  for (let i = 0; i < copies; i++) parts.push(compressed);
  parts.push(Buffer.from([0x03, 0x00]));
  return Buffer.concat(parts);
}

/** How many bytes `repeatedDeflate` really inflates to (a whole number of chunks). */
export function repeatedDeflateSize(
  pattern: string,
  totalBytes: number,
  chunkBytes = 16 * 1024 * 1024,
  prefix = '',
): number {
  const unitLength = Buffer.byteLength(pattern);
  const chunkLength = Math.max(1, Math.floor(chunkBytes / unitLength)) * unitLength;
  return Buffer.byteLength(prefix) + Math.max(1, Math.round(totalBytes / chunkLength)) * chunkLength;
}
