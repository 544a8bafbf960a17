import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportRun, finishImportRun } from '../../../db/import-runs-repository.ts';
import { liveProgressWriter } from '../../domain/import/live-progress.ts';
import { CHECKPOINTING } from '../../domain/import/testing/progress.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';

let env: AdminTestEnv;
beforeEach(async () => {
  env = await createAdminTestEnv();
});
afterEach(async () => {
  await env.dispose();
});

const current = async () =>
  (await request(env.app).get('/api/admin/import-runs/current').set('Cookie', env.cookie)).body.run;

/** A run whose merge has committed (the record says done) while its process still checkpoints. */
function committedRun(): number {
  const runId = createImportRun(env.database.sqlite, {
    fileName: 'big.xlsx',
    startedBy: 'admin:admin',
    updateMode: false,
    dryRun: false,
  });
  finishImportRun(env.database.sqlite, runId, {
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

describe('GET /api/admin/import-runs/current after the merge has committed', () => {
  it('still shows this server’s import as running, with its last step, until the upload answers', async () => {
    const runId = committedRun();
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
    const runId = committedRun();
    env.database.sqlite.prepare('UPDATE import_runs SET pid = ? WHERE id = ?').run(process.pid + 1, runId);
    const claim = env.slots.claim('data', 'import');
    if (!claim.acquired) throw new Error('slot taken');
    claim.holder.importProgress = CHECKPOINTING;
    expect(await current()).toBeNull();
  });

  it('shows another process’s import (another server process, the CLI) from the report it keeps', async () => {
    const runId = committedRun();
    env.database.sqlite.prepare('UPDATE import_runs SET pid = ? WHERE id = ?').run(process.pid + 1, runId);
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
