// Built assets and public files. Hashed files under /assets never change: a year's cache, sent as the
// .br or .gz written at build time when the browser takes it. Other public files (images, favicon)
// come from the build output, or from ui/public when the client is not built (tests).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import express, { type Request, type Response, Router } from 'express';
import { INSTALL_ROOT } from '../runtime/entry-points.ts';
import { CLIENT_DIST_DIR } from './client-assets.ts';

const PUBLIC_SOURCE_DIR = join(INSTALL_ROOT, 'ui', 'public');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The path with its %-escapes decoded, or undefined when one is broken ("%E0%A4%A"). */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

function sendHashedAsset(req: Request, res: Response, distDir: string, decoded: string): boolean {
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  const file = join(distDir, 'assets', relative);
  if (!file.startsWith(join(distDir, 'assets') + sep) || !existsSync(file) || !statSync(file).isFile())
    return false;
  const accepted = req.get('accept-encoding') ?? '';
  let path = file;
  if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) {
    path = `${file}.br`;
    res.set('Content-Encoding', 'br');
  } else if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`)) {
    path = `${file}.gz`;
    res.set('Content-Encoding', 'gzip');
  }
  res.set({
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  });
  res.sendFile(path, { etag: true, lastModified: false, cacheControl: false });
  return true;
}

export function createStaticFilesRouter(distDir: string = CLIENT_DIST_DIR): Router {
  const router = Router();
  router.use('/assets', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const decoded = decodedPath(req.path);
    if (decoded === undefined) {
      // The client's mistake (or a probe), not ours: a warning without a stack, and a 400.
      req.log?.warn({ path: `${req.baseUrl}${req.path}`.slice(0, 200) }, 'asset path with a broken %-escape');
      res.status(400).set('Cache-Control', 'no-store').type('text/plain');
      res.send('The address contains an invalid %-escape.');
      return;
    }
    if (sendHashedAsset(req, res, distDir, decoded)) return;
    next();
  });
  const publicOptions = { index: false, maxAge: '1d', fallthrough: true, redirect: false } as const;
  const fromDist = express.static(distDir, { ...publicOptions, dotfiles: 'ignore' });
  const fromSource = express.static(PUBLIC_SOURCE_DIR, publicOptions);
  // Only paths under a public file's top-level name reach the file system: a page such as
  // /city/London would otherwise cost two failed stat calls (measured ~2 % of a page's CPU).
  const topNames = new Set([...topLevelNames(distDir), ...topLevelNames(PUBLIC_SOURCE_DIR)]);
  router.use((req, res, next) => {
    if (!topNames.has(req.path.split('/')[1] ?? '')) return next();
    fromDist(req, res, (error?: unknown) => (error ? next(error) : fromSource(req, res, next)));
  });
  return router;
}

function topLevelNames(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : [];
}
