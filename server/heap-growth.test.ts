import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { applyHeapGrowth } from './heap-growth.ts';
import { heapLimitFactors } from './testing/heap-limit-factors.ts';

const MODULE = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

/** The growing factors V8 itself reports when it sets its next limit, in a fresh process that applies
 *  `percent` after start-up (as the server does) and then collects. */
async function factorsAfter(percent: number, nodeFlags: string[] = []): Promise<string[]> {
  const script = `
    const { applyHeapGrowth } = await import(${JSON.stringify(MODULE)});
    console.log('applied', applyHeapGrowth(${percent}));
    const kept = Array.from({ length: 200000 }, (_, i) => ({ i, text: 'row ' + i }));
    globalThis.gc();
    console.log('kept', kept.length);`;
  const { stdout } = await execa(
    'node',
    [
      '--import',
      'tsx',
      '--expose-gc',
      '--trace-gc-verbose',
      ...nodeFlags,
      '--input-type=module',
      '-e',
      script,
    ],
    { env: { NODE_OPTIONS: '' } },
  );
  return heapLimitFactors(stdout);
}

describe('the server heap growth (decision 0019)', () => {
  it('sets the factor V8 uses at the next full collection, even though it is set after start-up', async () => {
    expect(await factorsAfter(200)).toContain('3.0');
    expect(await factorsAfter(70)).toContain('1.7');
  });

  it('leaves V8 its own factor for 0, and an operator’s --heap-growing-percent wins', async () => {
    expect(applyHeapGrowth(0, [])).toBeUndefined();
    expect(applyHeapGrowth(70, ['--heap-growing-percent=40'])).toBeUndefined();
    expect(applyHeapGrowth(70, ['--heap-growing-percent', '40'])).toBeUndefined();
    const operators = await factorsAfter(200, ['--heap-growing-percent=40']);
    expect(operators).toContain('1.4');
    expect(operators).not.toContain('3.0');
  });

  it('is configured by HEAP_GROWTH_PERCENT: 200 by default, 0 to 1000', () => {
    expect(loadConfig({}).HEAP_GROWTH_PERCENT).toBe(200);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).HEAP_GROWTH_PERCENT).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-1' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '1.5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });
});
