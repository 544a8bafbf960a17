// The id of a request, shared by the request logger (pino-http) and the hot cache, so that a cached
// answer and a built one log and echo ids the same way: a proxy's X-Request-Id is kept when it looks
// like an id, anything else gets a fresh UUID.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTABLE_ID = /^[\w.-]{1,100}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}
