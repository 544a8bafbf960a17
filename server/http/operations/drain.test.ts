// SIGTERM on a real `directory serve` process, on a SQLite file and on PostgreSQL (a rolling restart of
// one of several instances): the request in flight finishes, /readyz says 503 during the drain, no new
// connection is taken, and the process exits 0 once the database is closed. The
// request is held in flight by its body, sent only after the drain has begun (Expect: 100-continue
// tells the test the server has read its headers), so every step waits on an event, not a clock.
import { connect } from 'node:net';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI_COMMAND } from '../../../cli/testing/run-cli.ts';
import { createPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { createTempDatabase } from '../../../db/testing/temp-database.ts';
import { SUBMISSION_ENDPOINT } from '../../contract/business-submission.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';

/** What --db takes for the database under test, and what removes it. */
let database: { address: string; dispose(): Promise<void> };

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let wait = 0; wait < 600; wait++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** `directory serve` with its JSON log on stdout, once it has said where it listens. */
async function serve() {
  const child = execa('node', [...CLI_COMMAND, 'serve', '--db', database.address], {
    env: {
      NO_COLOR: '1',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      // Longer than the test: the request in flight must end by finishing, not by being cut.
      DRAIN_TIMEOUT_MS: '120000',
    },
    reject: false,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const portOf = () => /"port":(\d+)[^\n]*"msg":"listening"/.exec(output.stdout)?.[1];
  await until(() => portOf() !== undefined || child.exitCode !== null, 'the server to listen');
  const port = Number(portOf());
  expect(port, `${output.stdout}\n${output.stderr}`).toBeGreaterThan(0);
  return { child, output, port };
}

/** A submission whose headers the server has read and whose body it still waits for. */
async function requestInFlight(port: number) {
  const socket = connect(port, '127.0.0.1');
  const state = { received: '' };
  socket.on('data', (chunk: Buffer) => {
    state.received += chunk.toString();
  });
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(
    `POST ${SUBMISSION_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      'Content-Length: 2\r\nExpect: 100-continue\r\n\r\n',
  );
  await until(() => state.received.includes('100 Continue'), 'the server to read the headers');
  return { socket, state, closed };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(DIALECTS)('SIGTERM on %s', (dialect) => {
  beforeEach(async () => {
    if (dialect === 'postgres') {
      const postgres = await createPostgresDatabase();
      database = { address: postgres.url, dispose: postgres.drop };
      return;
    }
    const file = await createTempDatabase();
    await file.close();
    database = { address: file.path, dispose: file.dispose };
  });
  afterEach(async () => {
    await database.dispose();
  });

  it('drains: the request in flight completes, /readyz is 503 meanwhile, then the process exits 0', async () => {
    const { child, output, port } = await serve();
    try {
      const held = await requestInFlight(port);
      child.kill('SIGTERM');
      await until(() => output.stdout.includes('"msg":"draining'), 'the drain to begin');
      expect(await connectionRefused(port)).toBe(true);

      // The body at last, and on the same connection (pipelined) a readiness probe.
      held.socket.write('{}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await held.closed;
      const { received } = held.state;
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
      expect(statuses).toEqual(['100', '400', '503']);
      expect(received).toContain('"reason":"shutting down"');
      expect(received).toMatch(/^Connection: close\r$/im);

      const result = await child;
      expect(result.exitCode, output.stderr).toBe(0);
      expect(output.stdout).toContain('"msg":"closed"');
      expect(output.stdout).not.toContain('drain timed out');
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);

  it('stops at once on a second signal during the drain', async () => {
    const { child, output, port } = await serve();
    try {
      const held = await requestInFlight(port);
      child.kill('SIGTERM');
      await until(() => output.stdout.includes('"msg":"draining'), 'the drain to begin');
      child.kill('SIGINT');
      const result = await child;
      expect(result.exitCode).toBe(1);
      expect(output.stderr).toContain('Stopping now, without waiting for the requests in flight.');
      await held.closed;
      expect(held.state.received).not.toMatch(/HTTP\/1\.1 [2-5]\d\d /);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);
});
