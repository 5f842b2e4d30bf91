#!/usr/bin/env node
// The CLI runs from the build in dist/, which `npm ci` makes through the `prepare` script.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('headway: dist/cli.js is missing; run `npm run build` (npm ci runs it for you)\n');
  process.exit(2);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
