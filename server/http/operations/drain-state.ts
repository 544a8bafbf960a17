// Whether the server is shutting down. Set once by server/index.ts's close(); read by /readyz (a load
// balancer stops sending traffic) and the request handler (answers during the drain close their
// connection, so keep-alive clients reconnect to another instance instead of holding this one open).
export class DrainState {
  private isDraining = false;
  private afterResponse: (() => void) | undefined;
  private sweepScheduled = false;

  get draining(): boolean {
    return this.isDraining;
  }

  /** From now on: /readyz answers 503, and after each answer `closeIdle` runs (once per turn of the
   *  event loop), so a keep-alive connection whose request was in flight closes as soon as it ends. */
  begin(closeIdle?: () => void): void {
    this.isDraining = true;
    this.afterResponse = closeIdle;
  }

  /** Called by the request handler when an answer has gone out. */
  responseDone(): void {
    if (!this.afterResponse || this.sweepScheduled) return;
    this.sweepScheduled = true;
    // After Node has detached the finished answer from its socket, so the connection counts as idle.
    setImmediate(() => {
      this.sweepScheduled = false;
      this.afterResponse?.();
    });
  }
}
