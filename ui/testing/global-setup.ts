// vitest globalSetup: build the client once before any test file runs (server-render tests link
// the built assets; browser tests load them).
import { ensureClientBuild } from './client-build.ts';

export default function setup(): void {
  ensureClientBuild();
}
