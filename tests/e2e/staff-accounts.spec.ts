import type {
  AccountDto,
  StaffAccountSummaryDto,
  StaffAccountTimelineDto,
  StaffBalanceChangeOutcomeDto,
} from '@tradewise/contracts';
import { type ProductClient } from './support/product-client';
import {
  STAFF_CHARACTER as STAFF,
  PLAYER_CHARACTER as PLAYER,
  startStaffProduct,
  type StaffProduct,
} from './support/staff-product';

/** A write as the console sends it: JSON, with the session's CSRF token. */
const send = (client: ProductClient, path: string, body: unknown) => client.request('POST', path, { body });

describe('Staff console: find an account by a character name, read its timeline, credit and debit it', () => {
  jest.setTimeout(120_000);
  let product: StaffProduct;
  let staff: ProductClient;
  let auditor: ProductClient;
  let player: ProductClient;
  let playerAccount: AccountDto;

  beforeAll(async () => {
    product = await startStaffProduct('staff-accounts');
    ({ staff, auditor, player } = product);
    playerAccount = (await player.get('/api/v1/account')).body as AccountDto;
  });

  afterAll(async () => {
    await product?.close();
  });

  it("finds the account by part of a character's name in any case, and nothing for a name nobody has", async () => {
    const name = playerAccount.characterName;
    const part = name.slice(1, 5).toUpperCase();
    const found = await staff.get(`/api/v1/staff/accounts?characterName=${encodeURIComponent(part)}`);
    expect(found.status).toBe(200);
    const summaries = found.body as StaffAccountSummaryDto[];
    const summary = summaries.find((account) => account.id === playerAccount.id);
    expect(summary).toMatchObject({
      id: playerAccount.id,
      loginCharacterId: PLAYER,
      subscriptionTier: playerAccount.subscriptionTier,
      balance: 0,
      syncEnabled: playerAccount.syncEnabled,
    });
    expect(summary!.characters).toContainEqual({ id: PLAYER, name });
    for (const account of summaries) {
      expect(account.characters.some((character) => character.name.toUpperCase().includes(part))).toBe(true);
    }
    expect((await staff.get('/api/v1/staff/accounts?characterName=Nobody%20By%20This%20Name')).body).toEqual(
      [],
    );
    // A name's regular-expression characters are only text.
    expect((await staff.get('/api/v1/staff/accounts?characterName=.*')).body).toEqual([]);
    expect(await staff.get('/api/v1/staff/accounts?characterName=x')).toMatchObject({
      status: 400,
      body: { message: 'Type 2 to 37 characters of a character name.' },
    });
    expect((await staff.get(`/api/v1/staff/accounts/${playerAccount.id}`)).body).toEqual(summary);
    expect((await staff.get('/api/v1/staff/accounts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('credits and debits as the staff member logged in, with the reason, and an auditor cannot', async () => {
    const credited = await send(staff, `/api/v1/staff/accounts/${playerAccount.id}/credits`, {
      isk: 1_500_000.25,
      reason: 'Deposit sent to the wrong corporation (ticket 4711)',
    });
    expect(credited.status).toBe(200);
    expect(credited.body).toMatchObject({ accountId: playerAccount.id, balance: 1_500_000.25 });
    const debited = await send(staff, `/api/v1/staff/accounts/${playerAccount.id}/debits`, {
      isk: 500_000,
      reason: 'Half of it was credited twice',
    });
    expect((debited.body as StaffBalanceChangeOutcomeDto).balance).toBe(1_000_000.25);
    expect((await player.get('/api/v1/account')).body).toMatchObject({ balance: 1_000_000.25 });

    expect(
      await send(staff, `/api/v1/staff/accounts/${playerAccount.id}/credits`, { isk: 1.005, reason: 'x' }),
    ).toMatchObject({
      status: 400,
      body: { message: 'The request is not valid: isk: at most two decimals.' },
    });
    expect(
      (await send(staff, `/api/v1/staff/accounts/${playerAccount.id}/credits`, { isk: 10, reason: ' ' }))
        .status,
    ).toBe(400);
    const refused = await send(auditor, `/api/v1/staff/accounts/${playerAccount.id}/credits`, {
      isk: 10,
      reason: 'An auditor trying',
    });
    expect(refused.status).toBe(403);
    expect((await player.get('/api/v1/account')).body).toMatchObject({ balance: 1_000_000.25 });
  });

  it("pages through the account's timeline newest first, the staff member's changes named as theirs", async () => {
    const first = (await auditor.get(`/api/v1/staff/accounts/${playerAccount.id}/timeline?limit=2`))
      .body as StaffAccountTimelineDto;
    expect(first.events.map((event) => event.type)).toEqual(['AccountDebited', 'AccountCredited']);
    expect(first.events[0]).toMatchObject({
      actor: `staff:${STAFF}`,
      data: expect.objectContaining({ reason: 'Half of it was credited twice' }),
    });
    expect(first.events[0]!.revision).toBe(first.events[1]!.revision + 1);
    expect(first.nextBefore).toBe(first.events[1]!.revision);

    const all: StaffAccountTimelineDto['events'] = [...first.events];
    let before = first.nextBefore;
    while (before !== null) {
      const page = (
        await auditor.get(`/api/v1/staff/accounts/${playerAccount.id}/timeline?limit=2&before=${before}`)
      ).body as StaffAccountTimelineDto;
      all.push(...page.events);
      before = page.nextBefore;
    }
    expect(all.map((event) => event.revision)).toEqual(
      Array.from({ length: all.length }, (_, index) => all.length - 1 - index),
    );
    expect(all[all.length - 1]!.actor).not.toMatch(/^staff:/);
    expect((await staff.get(`/api/v1/staff/accounts/${playerAccount.id}/timeline?limit=0`)).status).toBe(400);
  });
});
