import { describe, expect, it } from 'vitest';
import { busyMessage, JobSlots } from './job-slots.ts';

describe('JobSlots', () => {
  it('lets one task hold a slot until it releases it; other slots are independent', () => {
    const slots = new JobSlots();
    const importClaim = slots.claim('data', 'import');
    expect(importClaim.acquired).toBe(true);
    const refused = slots.claim('data', 'delete-all');
    expect(refused).toMatchObject({ acquired: false, holder: { task: 'import' } });
    expect(slots.claim('seo', 'generate-seo').acquired).toBe(true);
    if (!importClaim.acquired) throw new Error('unreachable');
    importClaim.release();
    expect(slots.current('data')).toBeUndefined();
    expect(slots.claim('data', 'delete-all').acquired).toBe(true);
  });

  it('ignores a second release, which must not free a later holder', () => {
    const slots = new JobSlots();
    const first = slots.claim('data', 'import');
    if (!first.acquired) throw new Error('unreachable');
    first.release();
    const second = slots.claim('data', 'import');
    first.release();
    expect(second.acquired).toBe(true);
    expect(slots.current('data')?.task).toBe('import');
  });

  it('names what is running in the refusal', () => {
    const holder = { task: 'delete-all', startedAt: new Date('2026-02-01T10:00:00Z') };
    expect(busyMessage(holder, 'this import')).toBe(
      'A delete-all is already running (started 2026-02-01T10:00:00.000Z); this import can run when it has finished.',
    );
  });
});
