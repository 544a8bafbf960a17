// A server's warm-up before a measured run: paths the run never asks, asked two at a time, again and
// again until at least `ms` has passed. Long enough for what a server reads in the background after
// its first requests (the grid of coordinates, the facts of filters: ~2 s each at 1M; decisions 0040
// and 0042), so that a visitor's first-time question is measured, not the server's start.
export async function warmUp(port: number, paths: readonly string[], ms: number): Promise<void> {
  if (paths.length === 0) return;
  const until = Date.now() + ms;
  let next = 0;
  const worker = async () => {
    while (next < paths.length || Date.now() < until)
      await (await fetch(`http://127.0.0.1:${port}${paths[next++ % paths.length]}`)).arrayBuffer();
  };
  await Promise.all([worker(), worker()]);
}
