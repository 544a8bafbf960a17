// Starting to listen, and the port really taken (0 picks a free one).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `port` of `host`; resolves with the port taken, rejects when it cannot (port in use). */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return (server.address() as AddressInfo).port;
}
