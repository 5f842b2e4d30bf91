import { excerpt } from '../grid/excerpt.js';
import { oneLine, UsageError } from './args.js';
import { curveCommand } from './curve.js';
import { plannerNames } from '../planners.js';
import { solveCommand } from './solve.js';
import { directionalCommand } from './directional.js';
import { tablesCommand } from './tables.js';

type Command = (args: readonly string[]) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  solve: solveCommand,
  curve: curveCommand,
  directional: directionalCommand,
  tables: tablesCommand,
};

/** Old command names, still accepted (and run exactly as the new one) so that old scripts keep working. */
const ALIASES: Record<string, string> = { steer: 'directional' };

/** The usage text; the planner names come from the registry, so a registered planner is listed. */
const usageText = (): string => `usage: headway <command> [options]
  solve --map M.map --scen M.map.scen [--algo ${plannerNames().join('|')}] [--cells] [--first N] [--neighbors 4|8] [--costs C.txt]
  curve --from x,y,heading --to x,y[,heading] --radius r [--reverse] [--reverse-cost f] [--free-heading] [--directions N]
  directional --map M.map --queries Q.jsonl --radius R --width W [--length L] [--headings 8|16] [--neighborhood 8|24|48] [--reverse] [--reverse-cost F] [--turn-penalty P] [--mode full|hybrid] [--max-expansions N] [--svg DIR]
  tables --radius R --width W [--length L] [--reverse] [--reverse-cost F] [--turn-penalty P] [--headings 8|16] [--neighborhood 8|24|48] --out FILE`;

/** Runs the CLI with the arguments after the script name; resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(usageText() + '\n');
    return name === undefined ? 2 : 0;
  }
  const known = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
  const command = Object.hasOwn(COMMANDS, known) ? COMMANDS[known] : undefined;
  if (!command) {
    process.stderr.write(`headway: unknown command ${excerpt(name)}; known: ${Object.keys(COMMANDS).join(', ')}\n`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (error) {
    // Bad input of any kind (arguments, files, numbers a planner refused) is one line and exit 2;
    // anything else is a defect, still one line (never a stack trace), with exit 1.
    const usage = error instanceof UsageError || error instanceof RangeError || error instanceof TypeError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`headway ${name}: ${usage ? '' : 'internal error: '}${oneLine(message)}\n`);
    return usage ? 2 : 1;
  }
}

