// The server's logger. Production (or any output that is not a terminal): one JSON line per event,
// written in batches (at 4 KB or every 250 ms, and synchronously at exit) instead of one write(2) per
// request: measured ~1.7× the requests/s of cached answers (docs/decisions/0010). Development on a
// terminal: pino-pretty's coloured lines, when it is installed (a dev dependency).
import { type Logger, type LoggerOptions, pino } from 'pino';
import type { Config } from '../../config.ts';

export interface ServerLogger {
  logger: Logger;
  /** Writes what is still buffered (at close). */
  flush(): void;
}

export async function createServerLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Promise<ServerLogger> {
  const options: LoggerOptions = { level: config.LOG_LEVEL };
  if (prettyLogs(config, stdoutIsTerminal)) {
    const pretty = await loadPretty();
    // In the main thread, not a worker transport: nothing to resolve at run time, and a terminal
    // does not need the batching.
    if (pretty)
      return { logger: pino(options, pretty({ colorize: true, sync: true })), flush: () => undefined };
  }
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
  return {
    logger: pino(options, destination),
    // A closed stdout is ignored.
    flush: () => destination.flush(() => undefined),
  };
}

/** Pretty lines are for a person at a terminal in development; a file, a pipe or a journal gets JSON. */
export function prettyLogs(config: Pick<Config, 'NODE_ENV'>, stdoutIsTerminal: boolean): boolean {
  return config.NODE_ENV === 'development' && stdoutIsTerminal;
}

type Pretty = (options: { colorize: boolean; sync: boolean }) => NodeJS.WritableStream;

async function loadPretty(): Promise<Pretty | undefined> {
  try {
    const module = (await import('pino-pretty')) as unknown as { default: Pretty };
    return module.default;
  } catch {
    return undefined;
  }
}
