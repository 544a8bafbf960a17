#!/usr/bin/env node
// The `directory` command: dist/server/directory.mjs once built (`npm run build`), this file through
// tsx in development.
import { main } from './main.ts';

process.exitCode = await main(process.argv);
