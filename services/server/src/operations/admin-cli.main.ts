/** `npm run admin`: see admin-cli.ts. */
import { AdminUsageError, runAdminCommand } from './admin-cli';

runAdminCommand(process.argv.slice(2), process.env).then(
  (line) => process.stdout.write(`${line}\n`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = error instanceof AdminUsageError ? 2 : 1;
  },
);
