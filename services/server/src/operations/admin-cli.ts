/**
 * The support staff's commands (entry point: `admin-cli.main.ts`).
 * `npm run admin -- credit <account> <isk> --reason "..." [--staff <name>]` (and `debit`): support staff move an
 * account's balance through the running server's admin API (docs/billing.md). The server is `ADMIN_URL`, else the
 * one holding `DATA_DIR`, else `http://127.0.0.1:$PORT`; the token is `ADMIN_TOKEN`, else `DATA_DIR/admin.token`.
 * `npm run admin -- service-character-login`: prints the one-time URL that links the product corporation's service
 * character through the SSO (docs/billing.md#deposits).
 */
import { userInfo } from 'node:os';
import { formatIskCents, iskToCents } from '@tradewise/contracts';
import {
  loadPlatformConfig,
  operatorToken,
  readDataDirLock,
  usesProcessLocalStores,
} from '@tradewise/platform';

export const ADMIN_USAGE =
  'usage: npm run admin -- credit|debit <account id> <isk> --reason "<why>" [--staff <name>]\n' +
  '       npm run admin -- service-character-login';

type Env = Readonly<Record<string, string | undefined>>;

export interface AdminBalanceCommand {
  readonly kind: 'credit' | 'debit';
  readonly accountId: string;
  readonly isk: number;
  readonly reason: string;
  readonly staff: string;
}

export class AdminUsageError extends Error {}

export function parseAdminCommand(argv: readonly string[], defaultStaff: string): AdminBalanceCommand {
  const [kind, accountId, amount, ...rest] = argv;
  if ((kind !== 'credit' && kind !== 'debit') || !accountId || !amount || rest.length % 2 !== 0) {
    throw new AdminUsageError(ADMIN_USAGE);
  }
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) flags.set(rest[i]!, rest[i + 1]!);
  const reason = flags.get('--reason');
  if (!reason || [...flags.keys()].some((flag) => flag !== '--reason' && flag !== '--staff')) {
    throw new AdminUsageError(ADMIN_USAGE);
  }
  const isk = Number(amount.replace(/[,_]/g, ''));
  if (!Number.isFinite(isk) || isk <= 0) throw new AdminUsageError(`'${amount}' is not an amount of ISK.`);
  return { kind, accountId, isk, reason, staff: flags.get('--staff') ?? defaultStaff };
}

function serverUrl(env: Env): string {
  if (env.ADMIN_URL) return env.ADMIN_URL.replace(/\/$/, '');
  const config = loadPlatformConfig(env);
  const holder = usesProcessLocalStores(config) ? readDataDirLock(config.dataDir) : null;
  return `http://127.0.0.1:${holder?.port ?? config.port}`;
}

function adminToken(env: Env): string {
  return operatorToken(loadPlatformConfig(env).dataDir, env);
}

/** Asks the server for the service character's one-time login URL; answers what the operator does with it. */
async function serviceCharacterLogin(env: Env): Promise<string> {
  const response = await fetch(`${serverUrl(env)}/api/v1/admin/service-character/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken(env)}` },
  });
  const answer = (await response.json()) as {
    message?: string;
    url?: string;
    expiresAt?: string;
    corporationId?: number;
  };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`);
  return (
    `Open this link in a browser within 10 minutes (it works once) and log in with a character of ` +
    `corporation ${answer.corporationId} that has the Accountant role, granting ` +
    `esi-wallet.read_corporation_wallets.v1:\n${answer.url}`
  );
}

/** Runs one command against the server; answers the line to print, or throws with the server's message. */
export async function runAdminCommand(argv: readonly string[], env: Env): Promise<string> {
  if (argv[0] === 'service-character-login') {
    if (argv.length !== 1) throw new AdminUsageError(ADMIN_USAGE);
    return serviceCharacterLogin(env);
  }
  const command = parseAdminCommand(argv, env.USER ?? userInfo().username);
  const { kind, accountId, isk, reason, staff } = command;
  const path = kind === 'credit' ? 'credits' : 'debits';
  const response = await fetch(
    `${serverUrl(env)}/api/v1/admin/accounts/${encodeURIComponent(accountId)}/${path}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken(env)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isk, reason, staff }),
    },
  );
  const answer = (await response.json()) as { message?: string; balance?: number };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`);
  return (
    `${kind === 'credit' ? 'Credited' : 'Debited'} ${formatIskCents(iskToCents(isk))} ` +
    `${kind === 'credit' ? 'to' : 'from'} account ${accountId} as staff:${staff}; ` +
    `the balance is ${formatIskCents(iskToCents(answer.balance ?? 0))}.`
  );
}
