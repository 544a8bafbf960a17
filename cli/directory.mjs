#!/usr/bin/env node
// The `directory` command. Registers the TypeScript loader, then runs the CLI.
import '../server/register-typescript.mjs';

const { main } = await import('./main.ts');
process.exitCode = await main(process.argv);
