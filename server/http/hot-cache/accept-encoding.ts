// Content negotiation for the precompressed variants: brotli when the client accepts it, else gzip,
// else the identity body. Only q-values and `*` matter here; a client that refuses identity but
// accepts neither gets identity anyway (a 406 would help no one).
export type Encoding = 'br' | 'gzip' | 'identity';

// Browsers send one of a handful of exact strings; remembering the last answer skips the parse.
let lastHeader: string | undefined;
let lastChoice: Encoding = 'identity';

export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  if (header === lastHeader) return lastChoice;
  const { br, gzip } = weights(header);
  const choice: Encoding = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : 'identity';
  lastHeader = header;
  lastChoice = choice;
  return choice;
}

/** Whether the client takes this encoding at all (its q-value, or that of `*`, above 0). */
export function acceptsEncoding(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  return header ? weights(header)[encoding] > 0 : false;
}

function weights(header: string): { br: number; gzip: number } {
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  return { br, gzip };
}
