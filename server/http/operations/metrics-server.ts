// METRICS_PORT: a second HTTP server that answers GET /metrics without a token and nothing else. It
// is for a scraper on a private network or the same machine; the public port never serves it so.
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { listen } from '../listen.ts';
import type { MetricsSource } from './metrics.ts';
import { sendMetrics } from './operations-routes.ts';

export async function startMetricsServer(
  metrics: MetricsSource,
  { host, port, logger }: { host: string; port: number; logger?: Logger },
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      res.end('This port serves only GET /metrics.');
      return;
    }
    sendMetrics(res, metrics).catch((error: unknown) => {
      logger?.error({ err: error }, 'metrics could not be collected');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end();
    });
  });
  return { server, port: await listen(server, port, host) };
}
