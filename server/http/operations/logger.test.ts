import { describe, expect, it } from 'vitest';
import { createServerLogger, prettyLogs } from './logger.ts';

describe('the server logger', () => {
  it('is pretty only on a terminal in development', () => {
    expect(prettyLogs({ NODE_ENV: 'development' }, true)).toBe(true);
    expect(prettyLogs({ NODE_ENV: 'development' }, false)).toBe(false);
    expect(prettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(prettyLogs({ NODE_ENV: 'test' }, true)).toBe(false);
  });

  it('builds both kinds at the configured level', async () => {
    const pretty = await createServerLogger({ NODE_ENV: 'development', LOG_LEVEL: 'warn' }, true);
    const json = await createServerLogger({ NODE_ENV: 'production', LOG_LEVEL: 'debug' }, true);
    expect(pretty.logger.level).toBe('warn');
    expect(json.logger.level).toBe('debug');
    pretty.flush();
    json.flush();
  });
});
