// The administrator's synonym groups (directory synonyms import | list): a file in the shipped
// table's format (synonyms.ts) is checked whole, and added only when every line reads; a group the
// table already holds is not added twice. Searches see the change at once (the data version moves).
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import {
  addSynonymGroups,
  readSynonymGroups,
  replaceSynonymGroups,
} from '../../../db/search/search-reads.ts';
import { bumpDataVersion } from '../../../db/stats-repository.ts';
import { parseSynonymFile, type SynonymFileError } from './synonyms.ts';

export interface SynonymImportReport {
  added: number;
  alreadyPresent: number;
  errors: SynonymFileError[];
}

/** The most groups one file may hold (the shipped table has a few hundred). */
export const MAX_ADMIN_GROUPS = 10_000;

export function importSynonymGroups(
  sqlite: Sqlite,
  text: string,
  options: { replace?: boolean } = {},
): SynonymImportReport {
  const { groups, errors } = parseSynonymFile(text);
  if (groups.length > MAX_ADMIN_GROUPS)
    errors.push({
      line: 0,
      message: `the file has ${groups.length} groups; at most ${MAX_ADMIN_GROUPS} are taken`,
    });
  if (errors.length > 0 || groups.length === 0) {
    if (errors.length === 0) errors.push({ line: 0, message: 'the file holds no synonym group' });
    return { added: 0, alreadyPresent: 0, errors };
  }
  return immediateTransaction(sqlite, () => {
    const now = new Date().toISOString();
    const keyOf = (terms: readonly string[]) => [...terms].sort().join(',');
    if (options.replace) replaceSynonymGroups(sqlite, 'admin', [], now);
    const present = new Set(
      readSynonymGroups(sqlite).map((row) => keyOf(row.terms.split(',').map((t) => t.trim()))),
    );
    const fresh = groups.filter((terms) => !present.has(keyOf(terms)));
    addSynonymGroups(
      sqlite,
      'admin',
      fresh.map((terms) => terms.join(', ')),
      now,
    );
    bumpDataVersion(sqlite);
    return { added: fresh.length, alreadyPresent: groups.length - fresh.length, errors: [] };
  });
}

export interface SynonymGroup {
  terms: string[];
  source: 'shipped' | 'admin';
}

export function listSynonymGroups(sqlite: Sqlite): SynonymGroup[] {
  return readSynonymGroups(sqlite).map((row) => ({
    terms: row.terms.split(',').map((term) => term.trim()),
    source: row.source,
  }));
}
