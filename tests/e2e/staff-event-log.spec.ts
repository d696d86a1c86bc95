import { join } from 'node:path';
import Database from 'better-sqlite3';
import type {
  AccountDto,
  StaffAuditReportDto,
  StaffEventChainDto,
  StaffEventPageDto,
} from '@tradewise/contracts';
import { EMBEDDED_FILES } from '@tradewise/platform';
import type { ProductClient } from './support/product-client';
import { startStaffProduct, type StaffProduct } from './support/staff-product';

describe('Staff console: the event log', () => {
  jest.setTimeout(120_000);
  let product: StaffProduct;
  let dataDir: string;
  let auditor: ProductClient;
  let player: ProductClient;
  let accountId: string;

  beforeAll(async () => {
    product = await startStaffProduct('staff-events');
    ({ dataDir, auditor, player } = product);
    accountId = ((await player.get('/api/v1/account')).body as AccountDto).id;
  });

  afterAll(async () => {
    await product?.close();
  });

  it("pages an account's events oldest first with their metadata and hash, and opens one with its chain", async () => {
    const first = await auditor.get(`/api/v1/staff/events?account=${accountId}&order=oldest&limit=1`);
    expect(first.status).toBe(200);
    const page = first.body as StaffEventPageDto;
    expect(page.events).toHaveLength(1);
    const [opened] = page.events;
    expect(opened).toMatchObject({ streamId: `account-${accountId}`, revision: 0, type: 'AccountOpened' });
    expect(opened!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(opened!.metadata).toEqual({
      $correlationId: expect.any(String),
      $causationId: expect.any(String),
      actor: expect.any(String),
      schemaVersion: 1,
      recordedAt: expect.any(String),
    });
    expect(page.nextCursor).toBe(opened!.position);
    const next = (
      await auditor.get(
        `/api/v1/staff/events?account=${accountId}&order=oldest&limit=100&after=${page.nextCursor}`,
      )
    ).body as StaffEventPageDto;
    expect(next.events.every((event) => event.position > opened!.position)).toBe(true);

    const detail = await auditor.get(`/api/v1/staff/events/${opened!.id}`);
    expect(detail.status).toBe(200);
    const chain = detail.body as StaffEventChainDto;
    expect(chain.event).toEqual(opened);
    expect(chain.correlationGroup.map((event) => event.id)).toContain(opened!.id);
    expect((await auditor.get('/api/v1/staff/events/no-such-event')).status).toBe(404);
    expect((await auditor.get('/api/v1/staff/events?from=yesterday')).status).toBe(400);
  });

  it('exports the same selection as JSON Lines', async () => {
    const all = (await auditor.get(`/api/v1/staff/events?account=${accountId}&order=oldest&limit=500`))
      .body as StaffEventPageDto;
    const answer = await auditor.request(
      'GET',
      `/api/v1/staff/events/export?account=${accountId}&order=oldest`,
      {
        headers: { accept: 'application/x-ndjson' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (answer.body as string)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; hash: string });
    expect(lines.map((line) => line.id)).toEqual(all.events.map((event) => event.id));
    expect(lines.map((line) => line.hash)).toEqual(all.events.map((event) => event.hash));
  });

  it('verifies the log for an auditor, and names the event changed behind the server', async () => {
    const clean = await auditor.request('POST', '/api/v1/staff/audit/verify');
    expect(clean.status).toBe(200);
    expect(clean.body).toMatchObject({ ok: true, problems: [] } satisfies Partial<StaffAuditReportDto>);

    const db = new Database(join(dataDir, EMBEDDED_FILES.events));
    db.prepare(
      `UPDATE events SET metadata = replace(metadata, 'schemaVersion":1', 'schemaVersion":2') WHERE stream_id = ? AND revision = 0`,
    ).run(`account-${accountId}`);
    db.close();
    const tampered = (await auditor.request('POST', '/api/v1/staff/audit/verify'))
      .body as StaffAuditReportDto;
    expect(tampered.ok).toBe(false);
    expect(tampered.problems[0]).toMatchObject({
      kind: 'hash-mismatch',
      streamId: `account-${accountId}`,
      revision: 0,
    });
  });

  it('is not for players', async () => {
    expect((await player.get(`/api/v1/staff/events?account=${accountId}`)).status).toBe(403);
  });
});
