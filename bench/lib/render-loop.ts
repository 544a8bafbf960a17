// The child of bench/render-garbage.bench.ts: server-renders one kind of page over and over in this
// process (no HTTP, no logging: only what a render itself leaves behind), between two marker lines
// that the parent finds among V8's --trace-gc-nvp lines.
//   node --trace-gc-nvp --import tsx bench/lib/render-loop.ts <db> <details|city|home> <renders>
import { Writable } from 'node:stream';
import { openDatabase } from '../../db/connection.ts';
import { readClientAssets } from '../../server/ssr/client-assets.ts';
import { createServerApi } from '../../server/ssr/server-api.ts';
import { DEFAULT_HEADER_CITIES } from '../../ui/site-config.ts';
import { renderPage } from '../../ui/entry-server.tsx';
import { MARK_END, MARK_START } from './render-loop-marks.ts';
import { sampleInputs } from './sample-inputs.ts';

/** Renders before the measured ones: modules load, code is optimised, the heap finds its size. */
const WARM_UP = 300;

const [dbPath, kind = 'details', count = '1500'] = process.argv.slice(2);
if (!dbPath) throw new Error('usage: render-loop.ts <db> <details|city|home> <renders>');
const sample = sampleInputs(dbPath, { slugs: 100, cities: 20 });
const paths =
  kind === 'home'
    ? ['/']
    : kind === 'city'
      ? sample.cities.map((city) => `/city/${encodeURIComponent(city)}`)
      : sample.slugs.map((slug) => `/details/${encodeURIComponent(slug)}`);

const { store } = openDatabase(dbPath);
const api = createServerApi(store);
const site = {
  siteName: 'Local Business Directory',
  siteUrl: 'https://directory.example',
  contactEmail: 'info@directory.example',
  contactPhone: '+1 555 0100',
  headerCities: DEFAULT_HEADER_CITIES,
};
const assets = readClientAssets() ?? { styles: [], modulePreloads: [], bootstrapModules: [] };

const total = WARM_UP + Number(count);
for (let i = 0; i < total; i++) {
  if (i === WARM_UP) console.log(MARK_START);
  const url = new URL(paths[i % paths.length]!, site.siteUrl);
  const outcome = await renderPage({ url, api, site, assets, waitForAll: false, timeoutMs: 10_000 });
  if (outcome.kind !== 'page' || outcome.status !== 200) throw new Error(`${url.pathname}: no page`);
  await new Promise<void>((resolve) => {
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    sink.on('finish', resolve);
    outcome.pipe(sink);
  });
}
console.log(MARK_END);
