#!/usr/bin/env node
// Acceptance check: `headway solve --algo astar --cells` must reproduce every scenario's optimal
// length on every map of a Moving AI folder, within the precision the .scen file prints.
// Usage: node bench/verify-scenarios.js [mapsDir] [--algo astar]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

const args = process.argv.slice(2);
const algoAt = args.indexOf('--algo');
const algo = algoAt >= 0 ? args.splice(algoAt, 2)[1] : 'astar';
const dir = args[0] ?? new URL('../../shared/benchmarks/maps/', import.meta.url).pathname;
const maps = readdirSync(dir).filter((f) => f.endsWith('.map')).sort();
let failures = 0;
let total = 0;
for (const map of maps) {
  const scenText = readFileSync(join(dir, `${map}.scen`), 'utf8');
  // The printed optimum of each query, as text: the tolerance is one unit of its last printed
  // digit, since the files round some values and cut others (262.7645 is printed 262.764).
  const expected = scenText
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.trim().split(/\s+/)[8]);
  const child = spawn(process.execPath, [
    new URL('../bin/headway.js', import.meta.url).pathname,
    'solve', '--map', join(dir, map), '--scen', join(dir, `${map}.scen`), '--algo', algo, '--cells',
  ], { stdio: ['ignore', 'pipe', 'inherit'] });
  let i = 0;
  let worst = 0;
  let bad = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const r = JSON.parse(line);
    const text = expected[i++];
    const decimals = (text.split('.')[1] ?? '').length;
    const tolerance = 10 ** -decimals + 1e-9;
    const diff = r.length === null ? Infinity : Math.abs(r.length - Number(text));
    worst = Math.max(worst, diff);
    if (!(diff <= tolerance)) {
      bad++;
      if (bad <= 3) console.log(`  MISMATCH ${map} #${i}: got ${r.length}, expected ${text}`);
    }
  }
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0 || i !== expected.length) bad += Math.max(1, expected.length - i);
  console.log(`${map}: ${i}/${expected.length} queries, ${bad} mismatches, max |diff| ${worst.toExponential(2)}`);
  failures += bad;
  total += expected.length;
}
console.log(`${total} queries on ${maps.length} maps, ${failures} mismatches`);
process.exitCode = failures === 0 ? 0 : 1;
