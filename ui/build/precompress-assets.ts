// Writes .br and .gz beside each built text asset, so the server sends them without compressing per
// request, and records the compressed size of the JavaScript a first visit of a public page loads
// (the entry and its static imports) in dist/client/bundle-size.json, checked against the budget.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const FIRST_VISIT_JS_BUDGET_BYTES = 120 * 1024;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;

export function precompressAssets(): Plugin {
  let outDir = 'dist/client';
  return {
    name: 'directory:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const gzipSizes = new Map<string, number>();
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(source, { level: 9 });
        writeFileSync(`${path}.br`, br);
        writeFileSync(`${path}.gz`, gz);
        gzipSizes.set(fileName, gz.length);
      }
      // What a first visit downloads: the entry chunk and its static imports, plus the chunk of the
      // page shown (and its static imports). Reported for the heaviest public page.
      const graph = (start: string, into: Set<string>) => {
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || into.has(fileName)) return;
          into.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(start);
        return into;
      };
      const size = (files: Iterable<string>) =>
        [...files].reduce((sum, f) => sum + (gzipSizes.get(f) ?? 0), 0);
      const entryFiles = new Set<string>();
      for (const [fileName, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) graph(fileName, entryFiles);
      const pages: Record<string, number> = {};
      // Other dynamic chunks (the map's Leaflet, decision 0027) load on demand after the first view:
      // recorded, not counted.
      const onDemand: Record<string, number> = {};
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || /admin/.test(chunk.facadeModuleId ?? ''))
          continue;
        const extra = [...graph(fileName, new Set())].filter((f) => !entryFiles.has(f));
        if (/\/ui\/pages\//.test(chunk.facadeModuleId ?? '')) pages[chunk.name] = size(extra);
        else onDemand[chunk.name] = size(extra);
      }
      const [heaviestPage = '', heaviestBytes = 0] =
        Object.entries(pages).sort((a, b) => b[1] - a[1])[0] ?? [];
      const entryGzipBytes = size(entryFiles);
      const totalGzipBytes = entryGzipBytes + heaviestBytes;
      const files = [...entryFiles].map((file) => ({ file, gzipBytes: gzipSizes.get(file) ?? 0 }));
      writeFileSync(
        join(outDir, 'bundle-size.json'),
        `${JSON.stringify({ budgetBytes: FIRST_VISIT_JS_BUDGET_BYTES, totalGzipBytes, entryGzipBytes, heaviestPage, pages, onDemand, files }, null, 2)}\n`,
      );
      this.info(
        `first-visit JavaScript: ${(totalGzipBytes / 1024).toFixed(1)} KiB gzip (shell ${(entryGzipBytes / 1024).toFixed(1)} KiB + heaviest page, ${heaviestPage}, ${(heaviestBytes / 1024).toFixed(1)} KiB)`,
      );
    },
  };
}
