// Removing every business, in one transaction (a kill -9 half way leaves everything in place).
import { immediateTransaction, type Sqlite } from './connection.ts';
import { discoveryClear } from './discovery-index.ts';
import { ftsClear } from './search/fts-index.ts';
import { refreshAggregates } from './stats-repository.ts';

export function deleteAllBusinessRows(sqlite: Sqlite, afterDelete?: (deleted: number) => void): number {
  return immediateTransaction(sqlite, () => {
    // The FTS index is cleared first: an external-content index must never point at missing rows.
    ftsClear(sqlite);
    discoveryClear(sqlite);
    const deleted = sqlite.prepare('DELETE FROM businesses').run().changes;
    // The owners' e-mails of submitted listings go with their businesses (the backup keeps them).
    sqlite.prepare('DELETE FROM business_submissions').run();
    refreshAggregates(sqlite);
    afterDelete?.(deleted);
    return deleted;
  });
}
