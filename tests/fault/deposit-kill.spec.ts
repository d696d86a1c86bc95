import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountStream,
  depositsStream,
  type AccountDto,
  type AccountTransactionDto,
} from '@tradewise/contracts';
import { SimulatedWorld, loadUniverseFromStaticDataset, type DepositTruth } from '@tradewise/esi-sim';
import { resolveStaticDataDir } from '@tradewise/market';
import { adapterSets } from '../support/adapter-sets';
import { ProductClient } from '../e2e/support/product-client';
import { storedStreams } from './support/stored-streams';
import {
  freePort,
  killIfRunning,
  startServerProcess,
  stopCleanly,
  waitForStatus,
  type ServerProcess,
} from '../support/server-process';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const KILLABLE_SERVER = 'tests/fault/support/killable-server.ts';
/**
 * Each killed run dies after the first step of one kind that changed something (recording, assigning, crediting,
 * settling), before the next step or the bus's commit hears of it; a last run, not killed, settles the rest. The kinds
 * are taken in a deposit's order, so each run finds a step of its kind still to take whatever the deposits were and
 * however the steps of several deposits interleave: the step after the one the last run died at is always left.
 */
const KILL_PLAN = ['RecordDeposits', 'AssignDeposit', 'CreditDeposit', 'SettleDeposit'];

/** The simulated traders who pay the product's corporation (world-profiles.ts). */
const SENDERS = [2119000011, 2119000012, 2119000013, 2119000022];

/**
 * Issue #18, Truth and faults: the product killed again and again while it credits the deposits it read from the
 * product corporation's journal, and started again on the same data directory; in the end every deposit the
 * simulator lists for a linked sender is credited once, to the sender's account, to the cent.
 */
describe.each(adapterSets('tw_deposit_kill'))(
  'Fault: the product killed while it credits deposits ($name)',
  (set) => {
    const maybe = set.enabled ? it : it.skip;
    // FerretDB writes far slower than MongoDB; on a loaded two-core machine a run can take a minute to its step.
    const runLimitMs = set.slow ? 150_000 : 60_000;
    jest.setTimeout(set.slow ? 900_000 : 240_000);
    let dataDir: string;
    let port: number;
    let running: ServerProcess | undefined;

    const start = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
      running = startServerProcess(
        { ...set.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
        KILLABLE_SERVER,
      );
      await waitForStatus(running, '/healthz', 200, 120_000);
      return running;
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'tw-deposit-kill-'));
      port = await freePort();
    });

    afterAll(async () => {
      await killIfRunning(running);
      rmSync(dataDir, { recursive: true, force: true });
    });

    maybe(
      'credits every deposit of a linked sender exactly once, to the cent, after kills at every step',
      async () => {
        // The senders log in first, with deposits off, so the kills below land in crediting, not in waiting.
        const first = await start({ PRODUCT_CORPORATION_ID: 'none' });
        const clients = new Map<number, ProductClient>();
        const accounts = new Map<number, string>();
        for (const characterId of SENDERS) {
          const client = new ProductClient(first.url);
          await client.authorize(characterId);
          clients.set(characterId, client);
          accounts.set(characterId, ((await client.get('/api/v1/account')).body as AccountDto).id);
        }
        await stopCleanly(first);
        const readFrom = Date.now();

        // What the journal listed, from the simulator's ground truth: surely every deposit clear of ESI's 30-day edge
        // when the first run read it, and nothing beyond what it listed at any time since.
        const world = new SimulatedWorld({
          seed: 'tradewise',
          universe: await loadUniverseFromStaticDataset(resolveStaticDataDir()),
          profile: 'demo',
        });
        const bySender = (truth: DepositTruth[]) =>
          new Map(SENDERS.map((id) => [id, truth.filter((deposit) => deposit.characterId === id)]));
        const mustHave = bySender(
          world.groundTruth.deposits('', readFrom - 30 * DAY + 2 * HOUR, readFrom - 2 * HOUR),
        );
        const expected = [...mustHave.values()].flat().length;
        expect(expected).toBeGreaterThanOrEqual(3);

        const kills: string[] = [];
        for (const step of KILL_PLAN) {
          const killed = startServerProcess(
            {
              ...set.env,
              DATA_DIR: dataDir,
              PORT: String(port),
              LOG_LEVEL: 'warn',
              KILL_AT_COMMANDS: step,
              KILL_AT_CHARACTERS: SENDERS.join(','),
              KILL_AT_COUNT: '1',
            },
            KILLABLE_SERVER,
          );
          running = killed;
          let timer: NodeJS.Timeout | undefined;
          const exit = await Promise.race([
            killed.exited,
            new Promise((resolve) => (timer = setTimeout(() => resolve('still running'), runLimitMs))),
          ]).finally(() => clearTimeout(timer));
          expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
          kills.push(/kill-point (\w+) /.exec(killed.output())![1]!);
        }
        expect(kills).toEqual(KILL_PLAN);
        const server = await start();

        const mayHave = bySender(
          world.groundTruth.deposits('', readFrom - 30 * DAY - 2 * HOUR, Date.now() + HOUR),
        );

        // The last run settles on its own: the consumer records and credits, the start-up sweep finishes the rest.
        const deposits = async (characterId: number): Promise<AccountTransactionDto[]> =>
          (
            (await clients.get(characterId)!.get('/api/v1/account/transactions'))
              .body as AccountTransactionDto[]
          ).filter((row) => row.reason === 'DEPOSIT');
        for (const deadline = Date.now() + 60_000; ;) {
          const shown = await Promise.all(SENDERS.map(deposits));
          if (shown.every((rows, i) => rows.length >= mustHave.get(SENDERS[i]!)!.length)) break;
          if (Date.now() > deadline) throw new Error(`not credited in time: ${JSON.stringify(shown)}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const balances = new Map<number, number>();
        for (const characterId of SENDERS) {
          const account = (await clients.get(characterId)!.get('/api/v1/account')).body as AccountDto;
          balances.set(characterId, Math.round(account.balance! * 100));
        }
        await stopCleanly(server);

        const streams = await storedStreams(dataDir, [
          ...SENDERS.map((id) => accountStream(accounts.get(id)!)),
          ...SENDERS.map((id) => depositsStream(id)),
        ]);
        for (const [i, characterId] of SENDERS.entries()) {
          const credited = streams[i]!.filter((event) => event.type === 'DepositCredited').map(
            (event) => event.data as { journalRefId: number; characterId: number; amountCents: number },
          );
          const ids = credited.map((deposit) => deposit.journalRefId);
          expect(new Set(ids).size).toBe(ids.length);
          const may = new Map(mayHave.get(characterId)!.map((deposit) => [deposit.journalId, deposit]));
          for (const deposit of credited) {
            expect(deposit).toEqual({
              journalRefId: deposit.journalRefId,
              characterId,
              amountCents: may.get(deposit.journalRefId)?.amountCents,
              depositedAt: may.get(deposit.journalRefId)?.date,
            });
          }
          expect(mustHave.get(characterId)!.filter((deposit) => !ids.includes(deposit.journalId))).toEqual(
            [],
          );
          expect(balances.get(characterId)).toBe(
            credited.reduce((sum, deposit) => sum + deposit.amountCents, 0),
          );

          // On the sender's own stream each deposit was received, assigned to this account and settled, once each.
          const steps = streams[SENDERS.length + i]!;
          for (const type of ['DepositReceived', 'DepositAssigned', 'DepositSettled']) {
            expect(
              steps
                .filter((event) => event.type === type)
                .map((event) => (event.data as { journalRefId: number }).journalRefId)
                .sort(),
            ).toEqual([...ids].sort());
          }
          for (const event of steps.filter((e) => e.type !== 'DepositReceived')) {
            expect(event.data).toMatchObject({ accountId: accounts.get(characterId) });
          }
        }
      },
    );
  },
);
