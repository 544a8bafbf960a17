// Where the browser bundle lives: read from Vite's manifest after `npm run build`. Without a build
// (unit tests of the server render) pages render without scripts or styles.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_ROOT } from '../runtime/entry-points.ts';

export const CLIENT_DIST_DIR = join(INSTALL_ROOT, 'dist', 'client');
const CLIENT_ENTRY = 'ui/entry-client.tsx';

export interface ClientAssets {
  styles: string[];
  modulePreloads: string[];
  bootstrapModules: string[];
  /** Per page module (manifest key): the chunk and its own imports and styles, preloaded with the
   *  entry when that page is shown, so the browser fetches them in parallel rather than in turn. */
  pages?: Record<string, { styles: string[]; modulePreloads: string[] }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export const NO_ASSETS: ClientAssets = { styles: [], modulePreloads: [], bootstrapModules: [] };

export function readClientAssets(distDir: string = CLIENT_DIST_DIR): ClientAssets | undefined {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${CLIENT_ENTRY}; rebuild with npm run build`);
  // Static imports only: a chunk needs them before it runs; dynamic chunks load on demand.
  const collect = (start: string, includeStart: boolean, seen: Set<string>) => {
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const visit = (key: string, include: boolean) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const css of chunk.css ?? []) styles.add(`/${css}`);
      if (include) preloads.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported, true);
    };
    visit(start, includeStart);
    return { styles: [...styles], modulePreloads: [...preloads] };
  };
  const entrySeen = new Set<string>();
  const main = collect(CLIENT_ENTRY, false, entrySeen);
  const pages: NonNullable<ClientAssets['pages']> = {};
  for (const [key, chunk] of Object.entries(manifest))
    if ((chunk as { isDynamicEntry?: boolean }).isDynamicEntry)
      pages[key] = collect(key, true, new Set(entrySeen));
  return { ...main, bootstrapModules: [`/${entry.file}`], pages };
}
