// GET /api/admin/import-runs/current while an import finishes: this process's own progress, and
// another process's (on SQLite, from the report it keeps beside the database file).
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportRunIn, finishImportRunIn } from '../../../db/import-runs-repository.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';
import { liveProgressWriter } from '../../domain/import/live-progress.ts';
import { CHECKPOINTING } from '../../domain/import/testing/progress.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';

let env: AdminTestEnv;
function useEnv(dialect: Dialect): void {
  beforeEach(async () => {
    env = await createAdminTestEnv({}, { dialect });
  });
  afterEach(async () => {
    await env.dispose();
  });
}

async function giveRunTo(store: Store, runId: number, pid: number): Promise<void> {
  if (store.dialect === 'sqlite')
    store.sqlite.prepare('UPDATE import_runs SET pid = ? WHERE id = ?').run(pid, runId);
  else await store.query('UPDATE import_runs SET pid = $1 WHERE id = $2', [pid, runId]);
}

const current = async () =>
  (await request(env.app).get('/api/admin/import-runs/current').set('Cookie', env.cookie)).body.run;

/** A run whose merge has committed (the record says done) while its process still checkpoints. */
async function committedRun(): Promise<number> {
  const runId = await createImportRunIn(env.store, {
    fileName: 'big.xlsx',
    startedBy: 'admin:admin',
    updateMode: false,
    dryRun: false,
  });
  await finishImportRunIn(env.store, runId, {
    status: 'done',
    rowsRead: 10,
    imported: 10,
    updated: 0,
    duplicatesSkipped: 0,
    totalErrors: 0,
    totalWarnings: 0,
    message: 'Import completed',
  });
  return runId;
}

describe.each(DIALECTS)(
  'GET /api/admin/import-runs/current after the merge has committed, on %s',
  (dialect) => {
    useEnv(dialect);

    it('still shows this server’s import as running, with its last step, until the upload answers', async () => {
      const runId = await committedRun();
      const claim = env.slots.claim('data', 'import');
      if (!claim.acquired) throw new Error('slot taken');
      claim.holder.importProgress = CHECKPOINTING;
      expect(await current()).toMatchObject({
        id: runId,
        status: 'running',
        imported: 10,
        progress: { phase: 'merging', mergeStep: 'checkpointing' },
      });

      claim.holder.importProgress = { ...CHECKPOINTING, phase: 'done' };
      expect(await current()).toBeNull();
      claim.release();
      expect(await current()).toBeNull();
    });

    it('does not lend this server’s progress to another process’s finished run', async () => {
      const runId = await committedRun();
      await giveRunTo(env.store, runId, process.pid + 1);
      const claim = env.slots.claim('data', 'import');
      if (!claim.acquired) throw new Error('slot taken');
      claim.holder.importProgress = CHECKPOINTING;
      expect(await current()).toBeNull();
    });
  },
);

describe('GET /api/admin/import-runs/current for another process’s import, on SQLite', () => {
  useEnv('sqlite');

  it('shows another process’s import (another server process, the CLI) from the report it keeps', async () => {
    const runId = await committedRun();
    await giveRunTo(env.store, runId, process.pid + 1);
    const live = liveProgressWriter(env.database.path, runId);
    live.report(CHECKPOINTING);
    expect(await current()).toMatchObject({
      id: runId,
      status: 'running',
      progress: { phase: 'merging', mergeStep: 'checkpointing' },
    });
    // Another run's report is not this one's.
    liveProgressWriter(env.database.path, runId + 1).report(CHECKPOINTING);
    expect(await current()).toBeNull();
    live.report({ ...CHECKPOINTING, phase: 'done' });
    expect(await current()).toBeNull();
    live.remove();
  });
});
