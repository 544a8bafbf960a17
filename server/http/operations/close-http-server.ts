// Closes an HTTP server the way a drain needs: no new connections, idle keep-alive connections
// closed now, requests in flight given `timeoutMs` to finish, and whatever is left then cut.
import type { Server } from 'node:http';

export function closeHttpServer(server: Server, timeoutMs: number): Promise<{ cut: number }> {
  return new Promise((resolve) => {
    let cut = 0;
    const timer = setTimeout(() => {
      server.getConnections((_error, count) => {
        cut = count;
        server.closeAllConnections();
      });
    }, timeoutMs);
    server.close(() => {
      clearTimeout(timer);
      resolve({ cut });
    });
    server.closeIdleConnections();
  });
}
