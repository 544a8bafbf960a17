// Keeps the search index and the shipped synonym table in step with this version of the code: at
// every start (server or CLI), an index built by another analyzer version is rebuilt, and a changed
// synonyms.txt replaces the shipped groups (the administrator's own groups are kept).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import { ANALYZER_VERSION } from '../../../db/search/analyzer.ts';
import {
  ftsRebuild,
  ftsRebuildNames,
  indexedAnalyzerVersion,
  indexedNamesVersion,
  NAMES_VERSION,
} from '../../../db/search/fts-index.ts';
import { replaceSynonymGroups } from '../../../db/search/search-reads.ts';
import { readSearchState, writeSearchState } from '../../../db/search/search-state.ts';
import { bumpDataVersion } from '../../../db/stats-repository.ts';
import { INSTALL_ROOT } from '../../runtime/entry-points.ts';
import { parseSynonymFile } from './synonyms.ts';

export const SHIPPED_SYNONYMS = join(INSTALL_ROOT, 'server', 'domain', 'search', 'data', 'synonyms.txt');

export interface IndexStateChange {
  rebuilt: boolean;
  synonymsReloaded: boolean;
}

export function ensureSearchIndex(sqlite: Sqlite): IndexStateChange {
  const shippedText = readFileSync(SHIPPED_SYNONYMS, 'utf8');
  const shippedHash = createHash('sha256').update(shippedText).digest('hex').slice(0, 16);
  const fresh = () =>
    indexedAnalyzerVersion(sqlite) === ANALYZER_VERSION &&
    indexedNamesVersion(sqlite) === NAMES_VERSION &&
    readSearchState(sqlite, 'shipped_synonyms') === shippedHash;
  if (fresh()) return { rebuilt: false, synonymsReloaded: false };
  return immediateTransaction(sqlite, () => {
    const change = { rebuilt: false, synonymsReloaded: false };
    if (indexedAnalyzerVersion(sqlite) !== ANALYZER_VERSION) {
      ftsRebuild(sqlite);
      change.rebuilt = true;
    } else if (indexedNamesVersion(sqlite) !== NAMES_VERSION) {
      ftsRebuildNames(sqlite);
      change.rebuilt = true;
    }
    if (readSearchState(sqlite, 'shipped_synonyms') !== shippedHash) {
      const { groups } = parseSynonymFile(shippedText);
      replaceSynonymGroups(
        sqlite,
        'shipped',
        groups.map((terms) => terms.join(', ')),
        new Date().toISOString(),
      );
      writeSearchState(sqlite, 'shipped_synonyms', shippedHash);
      change.synonymsReloaded = true;
    }
    bumpDataVersion(sqlite);
    return change;
  });
}
