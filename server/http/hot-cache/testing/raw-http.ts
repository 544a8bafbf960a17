// Test support: one HTTP request with node:http, the body kept as sent (fetch and supertest decompress
// on their own, which would hide the encoding under test).
import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  /** The body as it came over the wire. */
  body: Buffer;
  /** The body after undoing its Content-Encoding. */
  decoded: Buffer;
}

export function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          resolve(finish());
        } catch (error) {
          reject(error);
        }
      });
      const finish = (): RawResponse => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        // A HEAD or 304 answer names an encoding but has no body to undo.
        const decoded =
          body.length === 0
            ? body
            : encoding === 'br'
              ? brotliDecompressSync(body)
              : encoding === 'gzip'
                ? gunzipSync(body)
                : body;
        return {
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body,
          decoded,
        };
      };
    });
    req.on('error', reject);
    req.end();
  });
}
