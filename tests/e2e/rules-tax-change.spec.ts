import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SPEC_TRADE_RULES,
  TRADE_LEDGER_READ_MODEL,
  salesTaxRateOn,
  tradeLedgerDocumentIds,
  walletJournalStream,
  walletTransactionsStream,
  type AccountDto,
  type TradeProfitRowDto,
} from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import type { ProjectionStatus, RebuildReport, RebuildReportRow } from '@tradewise/projections';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { adapterSets } from '../support/adapter-sets';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';
import { readUntil } from '../support/collect';

const TRADER = 2119000001;
const TRITANIUM = 34;
const JITA_STATION = 60_003_760;
const ADMIN_TOKEN = 'rules-tax-change-test-operator-token';
const DAY_MS = 86_400_000;
/** CCP's announced rate, effective a date ten days back. */
const NEW_RATE_PPM = 41_250;

type ReportWithRows = RebuildReport & { rows: RebuildReportRow[] };

interface Sale {
  readonly transactionId: number;
  readonly date: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  /** What the journal's `transaction_tax` row says was paid; none: the ledger applies the rate. */
  readonly journalTaxCents: number | null;
}

/** docs/profit-rules.md §1: a rate is applied once, rounding half up to whole cents. */
function taxCents(grossCents: number, ratePpm: number): number {
  const scaled = BigInt(grossCents) * BigInt(ratePpm);
  return Number((scaled + 500_000n) / 1_000_000n);
}

const cents = (isk: number): number => Math.round(isk * 100);
const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const at = (date: string, time: string): string => `${date}T${time}Z`;

/**
 * Issue #23's example, end to end: CCP announces a sales tax change effective a past date D; staff record it in the
 * rules stream; the trade ledger is rebuilt with a diff, which lists exactly the sales taxed by the rate on or after
 * D, each changed by the tax difference, and each account's total profit before and after; staff discard it (the
 * figures stay), then rebuild and switch (the figures follow the new rate).
 */
describe.each(adapterSets('tw_rules_tax'))('Rules as data: a past-dated sales tax change ($name)', (set) => {
  const maybe = set.enabled ? it : it.skip;
  jest.setTimeout(set.slow ? 600_000 : 240_000);
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-rules-tax-'));
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  maybe(
    'staff record the change, the rebuild diff shows exactly the rate-taxed sales from D on, discard keeps and switch applies it',
    async () => {
      server = await startServer({
        env: {
          ...process.env,
          ...set.env,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          LOG_LEVEL: 'silent',
          ADMIN_TOKEN,
        },
      });
      const running = server;
      const admin = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${running.url}/api/v1/admin${path}`, {
          method,
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // CSV
        }
        return { status: response.status, headers: response.headers, body: parsed };
      };
      const client = new ProductClient(running.url);
      await client.authorize(TRADER);
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      const accountId = account.id;

      const nowMs = Date.now();
      const effective = utcDate(nowMs - 10 * DAY_MS);
      const dayOffset = (days: number) => utcDate(Date.parse(`${effective}T00:00:00Z`) + days * DAY_MS);
      const oldRatePpm = salesTaxRateOn(SPEC_TRADE_RULES.salesTaxHistory, effective);
      expect(oldRatePpm).not.toBe(NEW_RATE_PPM);

      // One buy covers every sale, so each sale is one profit row. Sales without a journal tax row are taxed by the
      // rate on both sides of D, one at 00:00:00 of D itself; the journal's rows are the truth and never change.
      const sales: Sale[] = [
        {
          transactionId: 1,
          date: at(dayOffset(-5), '09:14:00'),
          quantity: 137,
          unitPriceCents: 52_337,
          journalTaxCents: null,
        },
        {
          transactionId: 2,
          date: at(dayOffset(-2), '18:00:00'),
          quantity: 45,
          unitPriceCents: 98_765,
          journalTaxCents: 150_001,
        },
        {
          transactionId: 3,
          date: at(effective, '00:00:00'),
          quantity: 33,
          unitPriceCents: 12_345,
          journalTaxCents: null,
        },
        {
          transactionId: 4,
          date: at(dayOffset(2), '11:11:11'),
          quantity: 999,
          unitPriceCents: 1_234,
          journalTaxCents: null,
        },
        {
          transactionId: 5,
          date: at(dayOffset(3), '07:30:00'),
          quantity: 12,
          unitPriceCents: 777_777,
          journalTaxCents: 324_999,
        },
        {
          transactionId: 6,
          date: at(dayOffset(5), '23:59:59'),
          quantity: 7,
          unitPriceCents: 1_000_003,
          journalTaxCents: null,
        },
      ].map((sale) => ({ ...sale, transactionId: 8_100_000_000 + sale.transactionId }));

      const eventStore = running.app.get<EventStore>(EVENT_STORE);
      const metadata = {
        $correlationId: randomUUID(),
        $causationId: randomUUID(),
        actor: `account:${accountId}`,
      };
      const transaction = (
        transactionId: number,
        date: string,
        quantity: number,
        unitPriceCents: number,
        isBuy: boolean,
      ) => ({
        id: randomUUID(),
        type: 'WalletTransactionRecorded',
        data: {
          accountId,
          characterId: TRADER,
          transactionId,
          date,
          typeId: TRITANIUM,
          quantity,
          unitPriceCents,
          isBuy,
          isPersonal: true,
          esi: {
            transaction_id: transactionId,
            date,
            type_id: TRITANIUM,
            quantity,
            unit_price: unitPriceCents / 100,
            is_buy: isBuy,
            is_personal: true,
            client_id: 2_120_000_001,
            location_id: JITA_STATION,
            journal_ref_id: transactionId * 10,
          },
        },
        metadata,
      });
      const buy = transaction(8_100_000_000, at(dayOffset(-20), '12:00:00'), 10_000, 417, true);
      await eventStore.append(
        walletTransactionsStream(TRADER),
        [buy, ...sales.map((s) => transaction(s.transactionId, s.date, s.quantity, s.unitPriceCents, false))],
        { expectedRevision: 'any' },
      );
      const { position: importedAt } = await eventStore.append(
        walletJournalStream(TRADER),
        sales
          .filter((sale) => sale.journalTaxCents !== null)
          .map((sale) => ({
            id: randomUUID(),
            type: 'JournalEntryRecorded',
            data: {
              accountId,
              characterId: TRADER,
              entryId: sale.transactionId * 10 + 1,
              date: sale.date,
              refType: 'transaction_tax',
              amountCents: -sale.journalTaxCents!,
              balanceCents: null,
              taxCents: null,
              esi: {
                id: sale.transactionId * 10 + 1,
                date: sale.date,
                ref_type: 'transaction_tax',
                description: 'Sales tax',
                amount: -sale.journalTaxCents! / 100,
                context_id: sale.transactionId,
                context_id_type: 'market_transaction_id',
              },
            },
            metadata,
          })),
        { expectedRevision: 'any' },
      );

      const profitRows = async (position = importedAt) => {
        const rows = await client.allRows<TradeProfitRowDto>(
          `/api/v1/profit/${accountId}/tradeProfits?position=${position}`,
        );
        return new Map(
          rows.map((row) => [sales.find((sale) => sale.date === row.date)!.transactionId, row] as const),
        );
      };
      const grossOf = (sale: Sale) => sale.quantity * sale.unitPriceCents;
      const taxAt = (sale: Sale, ratePpm: number) => sale.journalTaxCents ?? taxCents(grossOf(sale), ratePpm);
      const before = await profitRows();
      expect(before.size).toBe(sales.length);
      for (const sale of sales)
        expect(cents(before.get(sale.transactionId)!.sellTax)).toBe(taxAt(sale, oldRatePpm));

      // Bad changes are refused with a 400 that says why; nothing is recorded.
      const schedule = (body: Record<string, unknown>) =>
        admin('POST', '/rules/sales-tax', {
          from: effective,
          ratePpm: NEW_RATE_PPM,
          reason: 'CCP dev blog: sales tax change',
          staff: 'ines.support',
          ...body,
        });
      for (const [body, message] of [
        [{ from: '2026-02-30' }, "from must be a UTC date as YYYY-MM-DD; got '2026-02-30'."],
        [{ ratePpm: 1_000_001 }, 'ratePpm must be a whole number of parts per million from 0 to 1000000'],
        [{ reason: '  ' }, 'Say why the rule changes'],
        [
          { ratePpm: oldRatePpm },
          `A sales tax of ${oldRatePpm / 10_000}% (${oldRatePpm} ppm) is already in force on ${effective}`,
        ],
      ] as const) {
        const refused = await schedule(body);
        expect(refused.status).toBe(400);
        expect((refused.body as { message: string }).message).toContain(message);
      }
      expect((await admin('GET', '/rules')).body).toMatchObject({ revision: null, history: [] });

      const recorded = await schedule({});
      expect(recorded.status).toBe(201);
      expect(recorded.body).toMatchObject({ revision: 0 });
      expect((await schedule({})).status).toBe(400);
      const rules = (await admin('GET', '/rules')).body as {
        current: typeof SPEC_TRADE_RULES;
        history: { type: string; data: unknown; actor: string }[];
      };
      expect(salesTaxRateOn(rules.current.salesTaxHistory, effective)).toBe(NEW_RATE_PPM);
      expect(rules.history).toEqual([
        expect.objectContaining({
          type: 'SalesTaxRateScheduled',
          data: { from: effective, ratePpm: NEW_RATE_PPM, reason: 'CCP dev blog: sales tax change' },
          actor: 'staff:ines.support',
        }),
      ]);
      const status = async () =>
        (await admin('GET', `/projections/${TRADE_LEDGER_READ_MODEL}`)).body as ProjectionStatus;
      // The serving generation keeps its rules until it is replaced, and says a rebuild would apply the change.
      expect((await status()).rules).toEqual({ revision: null, currentRevision: 0, changed: true });
      expect(await profitRows()).toEqual(before);

      // The change, independently: the rate-taxed sales on or after D, each by the tax difference.
      const changedSales = sales.filter(
        (sale) => sale.journalTaxCents === null && sale.date >= at(effective, '00:00:00'),
      );
      expect(changedSales.map((sale) => sale.transactionId % 10)).toEqual([3, 4, 6]);
      const profitDifference = (sale: Sale) => taxAt(sale, oldRatePpm) - taxAt(sale, NEW_RATE_PPM);
      const documentIdOf = (sale: Sale) =>
        tradeLedgerDocumentIds.profit(accountId, before.get(sale.transactionId)!.id);

      const rebuildWithDiff = async (): Promise<ReportWithRows> => {
        const started = await admin('POST', `/projections/${TRADE_LEDGER_READ_MODEL}/rebuild`, {
          diff: true,
          staff: 'ines.support',
        });
        expect(started.status).toBe(202);
        expect(started.body).toMatchObject({ diff: true });
        const building = await readUntil(status, (s) => s.rebuild?.reportId != null, 'the diff report');
        const report = await admin(
          'GET',
          `/projections/${TRADE_LEDGER_READ_MODEL}/reports/${building.rebuild!.reportId}`,
        );
        expect(report.status).toBe(200);
        return report.body as ReportWithRows;
      };
      const expectExactDiff = (report: ReportWithRows) => {
        expect(report).toMatchObject({
          projection: TRADE_LEDGER_READ_MODEL,
          servingRulesRevision: null,
          builtRulesRevision: 0,
          requestedBy: 'staff:ines.support',
          decision: { state: 'pending' },
        });
        expect(
          report.rows.map(({ documentId, change, partition }) => ({ documentId, change, partition })),
        ).toEqual(
          changedSales
            .map((sale) => ({ documentId: documentIdOf(sale), change: 'changed', partition: accountId }))
            .sort((a, b) => (a.documentId < b.documentId ? -1 : 1)),
        );
        for (const sale of changedSales) {
          const row = report.rows.find((r) => r.documentId === documentIdOf(sale))!;
          expect(row.profitBeforeCents).toBe(cents(before.get(sale.transactionId)!.profit));
          expect(row.profitAfterCents! - row.profitBeforeCents!).toBe(profitDifference(sale));
          expect(row.changedFields).toEqual(expect.arrayContaining(['profitCents', 'sellTaxCents']));
        }
        const totalBefore = sales.reduce(
          (sum, sale) => sum + cents(before.get(sale.transactionId)!.profit),
          0,
        );
        const totalDifference = changedSales.reduce((sum, sale) => sum + profitDifference(sale), 0);
        expect(totalDifference).toBeLessThan(0);
        expect(report.partitions).toEqual([
          {
            partition: accountId,
            rowsAdded: 0,
            rowsRemoved: 0,
            rowsChanged: changedSales.length,
            profitBeforeCents: totalBefore,
            profitAfterCents: totalBefore + totalDifference,
          },
        ]);
      };

      const first = await rebuildWithDiff();
      expectExactDiff(first);
      const csv = await admin(
        'GET',
        `/projections/${TRADE_LEDGER_READ_MODEL}/reports/${first._id}?format=csv`,
      );
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toContain(
        `rebuild-${TRADE_LEDGER_READ_MODEL}-${first._id}.csv`,
      );
      const lines = (csv.body as string).trim().split('\r\n');
      expect(lines[0]).toBe(
        'partition,documentId,change,profitBeforeCents,profitAfterCents,profitDifferenceCents,changedFields',
      );
      expect(lines.slice(1).map((line) => Number(line.split(',')[5]))).toEqual(
        first.rows.map((row) => row.profitAfterCents! - row.profitBeforeCents!),
      );
      expect((await admin('GET', `/rebuild-reports/${first._id}?format=json`)).body).toEqual(first);
      expect((await admin('GET', `/rebuild-reports/${first._id}?format=xml`)).status).toBe(400);
      expect((await admin('GET', `/rebuild-reports/${randomUUID()}`)).status).toBe(404);

      // Discard: the serving generation stays, with the old figures.
      const discarded = await admin('POST', `/projections/${TRADE_LEDGER_READ_MODEL}/discard`, {
        staff: 'ines.support',
      });
      expect(discarded.status).toBe(200);
      expect(discarded.body).toMatchObject({
        _id: first._id,
        decision: { state: 'discarded', by: 'staff:ines.support' },
      });
      expect((await status()).rebuild).toBeNull();
      expect((await admin('POST', `/projections/${TRADE_LEDGER_READ_MODEL}/switch`, {})).status).toBe(409);
      expect(await profitRows()).toEqual(before);
      expect((await status()).rules).toMatchObject({ changed: true });

      // Rebuild again and switch: the new figures are served.
      const second = await rebuildWithDiff();
      expectExactDiff(second);
      const switched = await admin('POST', `/projections/${TRADE_LEDGER_READ_MODEL}/switch`, {
        staff: 'ines.support',
      });
      expect(switched.status).toBe(200);
      expect(switched.body).toMatchObject({
        _id: second._id,
        decision: { state: 'switched', by: 'staff:ines.support' },
      });
      // Reads follow the registry within a second (RegistryReadModels caches the serving collection that long).
      const [firstChanged] = changedSales as [Sale];
      const after = await readUntil(
        () => profitRows(),
        (rows) => cents(rows.get(firstChanged.transactionId)!.sellTax) === taxAt(firstChanged, NEW_RATE_PPM),
        'reads switched to the rebuilt ledger',
      );
      for (const sale of sales) {
        const row = after.get(sale.transactionId)!;
        expect(cents(row.sellTax)).toBe(taxAt(sale, changedSales.includes(sale) ? NEW_RATE_PPM : oldRatePpm));
        expect(cents(row.profit) - cents(before.get(sale.transactionId)!.profit)).toBe(
          changedSales.includes(sale) ? profitDifference(sale) : 0,
        );
      }
      expect((await status()).rules).toEqual({ revision: 0, currentRevision: 0, changed: false });
      const reports = (await admin('GET', `/projections/${TRADE_LEDGER_READ_MODEL}/reports`))
        .body as RebuildReport[];
      expect(reports.map((report) => [report._id, report.decision.state])).toEqual([
        [second._id, 'switched'],
        [first._id, 'discarded'],
      ]);
    },
  );
});
