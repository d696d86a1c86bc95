/** `npm run audit`: see audit-cli.ts. */
import { AuditUsageError, runAuditCommand } from './audit-cli';

runAuditCommand(process.argv.slice(2), process.env, process.stdout).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = error instanceof AuditUsageError ? 2 : 1;
  },
);
