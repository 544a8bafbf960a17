// The operations settings of server/config.ts: METRICS_TOKEN, METRICS_PORT, DRAIN_TIMEOUT_MS.
import { describe, expect, it } from 'vitest';
import { assertServerConfig, loadConfig } from '../../config.ts';

describe('operations settings', () => {
  it('leave /metrics off and drain for 8 s by default', () => {
    const config = loadConfig({});
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.DRAIN_TIMEOUT_MS).toBe(8000);
  });

  it('refuse a short or spaced token, a bad port, and a metrics port equal to PORT', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'with a space 0123456789' })).toThrow(
      /METRICS_TOKEN: must be printable/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(64) }).METRICS_TOKEN).toBe('a'.repeat(64));
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: '-1' })).toThrow(/DRAIN_TIMEOUT_MS/);
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => assertServerConfig(loadConfig({ PORT: '9464', METRICS_PORT: '9464' }))).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
  });
});
