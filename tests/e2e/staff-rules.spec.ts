import { randomUUID } from 'node:crypto';
import {
  TRADE_LEDGER_READ_MODEL,
  tradeLedgerDocumentIds,
  walletTransactionsStream,
  type AccountDto,
  type RebuildReport,
  type RebuildReportWithRows,
  type StaffProjectionStatusDto,
  type StaffTradeRules,
  type TradeProfitRowDto,
} from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import {
  STAFF_CHARACTER as STAFF,
  PLAYER_CHARACTER as TRADER,
  startStaffProduct,
  type StaffProduct,
} from './support/staff-product';
import { readUntil } from '../support/collect';

const TRITANIUM = 34;
const DAY_MS = 86_400_000;

/**
 * The staff console's rules and rebuild routes: staff schedule a sales tax rate (recorded as `staff:<id>` with the
 * reason, readable by auditors), rebuild the trade ledger with a diff, download the report and switch.
 */
describe('Staff console: rules and rebuilds with a diff', () => {
  jest.setTimeout(120_000);
  let product: StaffProduct;
  let server: RunningServer;

  beforeAll(async () => {
    product = await startStaffProduct('staff-rules');
    ({ server } = product);
  });

  afterAll(async () => {
    await product?.close();
  });

  it('staff record a rate with a reason, auditors read who did it, and a rebuild with a diff is switched from the console', async () => {
    const { staff, auditor, player: trader } = product;
    const accountId = ((await trader.get('/api/v1/account')).body as AccountDto).id;

    // One sale two days ago, 100 × 1,000.00 ISK, with no journal tax row: taxed by the rate.
    const date = new Date(Date.now() - 2 * DAY_MS).toISOString().replace(/\.\d+Z$/, 'Z');
    const effective = new Date(Date.now() - 5 * DAY_MS).toISOString().slice(0, 10);
    const metadata = {
      $correlationId: randomUUID(),
      $causationId: randomUUID(),
      actor: `account:${accountId}`,
    };
    const fill = (transactionId: number, isBuy: boolean, unitPriceCents: number) => ({
      id: randomUUID(),
      type: 'WalletTransactionRecorded',
      data: {
        accountId,
        characterId: TRADER,
        transactionId,
        date,
        typeId: TRITANIUM,
        quantity: 100,
        unitPriceCents,
        isBuy,
        isPersonal: true,
        esi: {
          transaction_id: transactionId,
          date,
          type_id: TRITANIUM,
          quantity: 100,
          unit_price: unitPriceCents / 100,
          is_buy: isBuy,
          is_personal: true,
          client_id: 2_120_000_001,
          location_id: 60_003_760,
          journal_ref_id: transactionId * 10,
        },
      },
      metadata,
    });
    const { position } = await server.app
      .get<EventStore>(EVENT_STORE)
      .append(
        walletTransactionsStream(TRADER),
        [fill(9_100_000_001, true, 90_000), fill(9_100_000_002, false, 100_000)],
        {
          expectedRevision: 'any',
        },
      );
    const [row] = await trader.allRows<TradeProfitRowDto>(
      `/api/v1/profit/${accountId}/tradeProfits?position=${position}`,
    );
    expect(row!.sellTax).toBe(3_375); // 10,000,000 cents × 3.375%

    const change = {
      type: 'ScheduleSalesTaxRate',
      from: effective,
      ratePpm: 50_000,
      reason: 'CCP news: sales tax 5% from this date',
    };
    expect((await auditor.request('POST', '/api/v1/staff/rules', { body: change })).status).toBe(403);
    const refused = await staff.request('POST', '/api/v1/staff/rules', {
      body: { ...change, ratePpm: 33_750 },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain('already in force');
    expect((await staff.request('POST', '/api/v1/staff/rules', { body: change })).status).toBe(201);
    const rules = (await auditor.get('/api/v1/staff/rules')).body as StaffTradeRules;
    expect(rules.current.salesTaxHistory[0]).toEqual({ from: effective, ratePpm: 50_000 });
    expect(rules.history).toEqual([
      expect.objectContaining({
        type: 'SalesTaxRateScheduled',
        actor: `staff:${STAFF}`,
        data: { from: effective, ratePpm: 50_000, reason: change.reason },
      }),
    ]);

    const ledger = async () =>
      ((await staff.get('/api/v1/staff/projections')).body as StaffProjectionStatusDto[]).find(
        (status) => status.name === TRADE_LEDGER_READ_MODEL,
      )!;
    expect((await ledger()).rules).toEqual({ revision: null, currentRevision: 0, changed: true });
    const base = `/api/v1/staff/projections/${TRADE_LEDGER_READ_MODEL}`;
    expect((await auditor.request('POST', `${base}/rebuilds`, { body: { diff: true } })).status).toBe(403);
    expect((await staff.request('POST', `${base}/switch`)).status).toBe(409);
    const started = await staff.request('POST', `${base}/rebuilds`, { body: { diff: true } });
    expect(started).toMatchObject({ status: 202, body: { name: TRADE_LEDGER_READ_MODEL, diff: true } });
    const { rebuild } = await readUntil(ledger, (status) => Boolean(status.rebuild?.reportId), 'the report');

    const report = (await auditor.get(`${base}/reports/${rebuild!.reportId}`)).body as RebuildReportWithRows;
    expect(report.requestedBy).toBe(`staff:${STAFF}`);
    // 10,000,000 cents × (5% − 3.375%) = 162,500 cents less profit.
    expect(report.rows).toEqual([
      expect.objectContaining({
        documentId: tradeLedgerDocumentIds.profit(accountId, row!.id),
        change: 'changed',
        profitAfterCents: cents(row!.profit) - 162_500,
      }),
    ]);
    expect(report.partitions).toEqual([
      expect.objectContaining({
        partition: accountId,
        rowsChanged: 1,
        profitBeforeCents: cents(row!.profit),
      }),
    ]);
    const csv = await staff.get(`${base}/reports/${rebuild!.reportId}?format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body)).toContain(
      `,changed,${cents(row!.profit)},${cents(row!.profit) - 162_500},-162500,`,
    );

    const switched = await staff.request('POST', `${base}/switch`);
    expect(switched.body).toMatchObject({ decision: { state: 'switched', by: `staff:${STAFF}` } });
    const reports = (await auditor.get(`${base}/reports`)).body as RebuildReport[];
    expect(reports.map((each) => each.decision.state)).toEqual(['switched']);
    await readUntil(
      async () =>
        (await trader.allRows<TradeProfitRowDto>(`/api/v1/profit/${accountId}/tradeProfits`))[0]!.sellTax,
      (tax) => tax === 5_000,
      'the trader reads the rebuilt ledger',
    );
  });
});

function cents(isk: number): number {
  return Math.round(isk * 100);
}
