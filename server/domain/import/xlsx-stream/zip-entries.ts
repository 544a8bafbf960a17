// The parts of an .xlsx, found through the ZIP central directory the precheck already validated, and
// unpacked as a stream: the file is in memory (or, for an upload, only its structure: file-backed.ts),
// but its 270 MB sheet XML never is. Each part is capped at the size it declares (which the precheck
// held to the limits), so a part that lies about its size is refused after at most that many bytes.
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { SpreadsheetLimits, ZipEntry } from '../precheck.ts';
import { formatBytes, readZipDirectory } from '../precheck.ts';
import { quoteFromFile, SpreadsheetRejected } from '../spreadsheet-error.ts';
import { fileBehind, fileSlices } from './file-backed.ts';

const METHOD_STORED = 0;

/** Compressed bytes handed to zlib at a time: big enough to keep zlib busy, small enough that
 *  nothing but the current slice and zlib's window is held. */
export const INPUT_SLICE_BYTES = 1024 * 1024;
/** Inflated bytes per output chunk: few chunks (each costs a decode and a scan step) of bounded size. */
export const OUTPUT_CHUNK_BYTES = 256 * 1024;

export interface ZipParts {
  /** `shown` is the file name as messages quote it. */
  shown: string;
  /** The entry at this path (case-insensitive, `\` read as `/`, as SheetJS looks parts up). */
  find(path: string): ZipEntry | undefined;
}

export function openZipParts(buf: Buffer, shown: string, limits: SpreadsheetLimits): ZipParts {
  const byPath = new Map<string, ZipEntry>();
  for (const entry of readZipDirectory(buf, shown, limits)) byPath.set(partKey(entry.name), entry);
  return { shown, find: (path) => byPath.get(partKey(path)) };
}

function partKey(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

export interface InflateOptions {
  /** Called with the compressed bytes handed to zlib so far (for progress). */
  onInput?: (compressedBytes: number) => void;
  /** Tests only: re-cut the output into chunks of this many bytes, so every boundary is exercised. */
  rechunkBytes?: number;
}

/**
 * The part's uncompressed bytes, chunk by chunk. Throws SpreadsheetRejected 'zip_bomb' as soon as a
 * part inflates past its declared size, 'not_a_spreadsheet' when its deflate data is damaged.
 * Stopping the iteration early releases zlib.
 */
export async function* inflateEntry(
  buf: Buffer,
  entry: ZipEntry,
  shown: string,
  options: InflateOptions = {},
): AsyncGenerator<Buffer> {
  const { onInput, rechunkBytes } = options;
  // An upload read by readSpreadsheetFile has only its structure in memory: the data comes from disk.
  const file = fileBehind(buf);
  const data = buf.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === METHOD_STORED) {
    if (file !== undefined) {
      let read = 0;
      for await (const slice of fileSlices(
        file,
        entry.dataOffset,
        entry.compressedSize,
        OUTPUT_CHUNK_BYTES,
      )) {
        read += slice.length;
        onInput?.(read);
        yield* rechunk(slice, rechunkBytes);
      }
      return;
    }
    // Stored parts are already plain bytes: hand out views of the file, no copy.
    for (let at = 0; at < data.length; at += OUTPUT_CHUNK_BYTES) {
      const end = Math.min(at + OUTPUT_CHUNK_BYTES, data.length);
      onInput?.(end);
      yield* rechunk(data.subarray(at, end), rechunkBytes);
    }
    return;
  }

  let fed = 0;
  const counted = (slice: Buffer) => {
    fed += slice.length;
    onInput?.(fed);
    return slice;
  };
  const source = Readable.from(
    file !== undefined
      ? (async function* fromFile() {
          for await (const slice of fileSlices(
            file,
            entry.dataOffset,
            entry.compressedSize,
            INPUT_SLICE_BYTES,
          ))
            yield counted(slice);
        })()
      : (function* slices() {
          for (let at = 0; at < data.length; at += INPUT_SLICE_BYTES)
            yield counted(data.subarray(at, Math.min(at + INPUT_SLICE_BYTES, data.length)));
        })(),
  );
  const inflate = createInflateRaw({ chunkSize: OUTPUT_CHUNK_BYTES });
  source.pipe(inflate);
  let inflated = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) {
        throw new SpreadsheetRejected(
          'zip_bomb',
          `"${shown}" was refused: the part ${quoteFromFile(entry.name)} unpacks to more than the ${formatBytes(entry.uncompressedSize)} it declares (a zip bomb).`,
        );
      }
      yield* rechunk(chunk, rechunkBytes);
    }
  } catch (error) {
    if (error instanceof SpreadsheetRejected) throw error;
    throw new SpreadsheetRejected(
      'not_a_spreadsheet',
      `"${shown}" is damaged or not a real Excel file: the part ${quoteFromFile(entry.name)} cannot be unpacked.`,
      { cause: error },
    );
  } finally {
    source.unpipe(inflate);
    source.destroy();
    inflate.destroy();
  }
}

function* rechunk(chunk: Buffer, size: number | undefined): Generator<Buffer> {
  if (!size || chunk.length <= size) {
    yield chunk;
    return;
  }
  for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size);
}

/** A small part (workbook, relationships) as text; capped at its declared size like any other. */
export async function readEntryText(buf: Buffer, entry: ZipEntry, shown: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of inflateEntry(buf, entry, shown)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
