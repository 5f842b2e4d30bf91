// Runs the CLI from source in a child process, for tests that must survive a hang or a crash:
// node --import tsx test/core/cli/run-main.mts <command> [options]
import { main } from '../../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
