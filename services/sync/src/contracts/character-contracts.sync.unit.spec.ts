import {
  CONTRACT_ITEMS_PER_MESSAGE,
  CONTRACT_RECORDS_PER_MESSAGE,
  contractsImportedSchema,
  type EsiContract,
  type EsiContractItem,
  type ImportedContract,
} from '@tradewise/contracts';
import { contractMessages, contractsToPublish } from './character-contracts.sync';

const contract = (
  contractId: number,
  status: EsiContract['status'],
  extra: Partial<EsiContract> = {},
): EsiContract => ({
  contract_id: contractId,
  issuer_id: 2119000022,
  issuer_corporation_id: 98770003,
  assignee_id: 0,
  acceptor_id: 0,
  type: 'item_exchange',
  status,
  availability: 'public',
  for_corporation: false,
  date_issued: '2026-11-01T08:00:00Z',
  date_expired: '2026-11-15T08:00:00Z',
  ...extra,
});

const items = (count: number): EsiContractItem[] =>
  Array.from({ length: count }, (_, index) => ({
    record_id: index + 1,
    type_id: 34,
    quantity: 1,
    is_included: true,
    is_singleton: false,
  }));

const summary = (found: ReturnType<typeof contractsToPublish>) =>
  found.map(({ contract: c, readItems }) => [c.contract_id, c.status, readItems]);

describe('contractsToPublish', () => {
  it('publishes new contracts by id and reads the items of item exchanges and auctions only', () => {
    const listed = [
      contract(3, 'outstanding', { type: 'courier' }),
      contract(2, 'outstanding', { type: 'auction' }),
      contract(1, 'finished', { date_accepted: '2026-11-02T08:00:00Z' }),
      contract(4, 'outstanding', { type: 'loan' }),
    ];
    expect(summary(contractsToPublish(listed, {}, new Set()))).toEqual([
      [1, 'finished', true],
      [2, 'outstanding', true],
      [3, 'outstanding', false],
      [4, 'outstanding', false],
    ]);
  });

  it('publishes only a status changed since, and never reads the items of a contract twice', () => {
    const listed = [contract(1, 'finished'), contract(2, 'outstanding'), contract(3, 'outstanding')];
    const published = { 1: 'outstanding', 2: 'outstanding' } as const;
    expect(summary(contractsToPublish(listed, published, new Set([1, 2])))).toEqual([
      [1, 'finished', false],
      [3, 'outstanding', true],
    ]);
  });

  it('leaves out contracts accepted before 30 July 2021, and keeps open ones and those accepted from then on', () => {
    const listed = [
      contract(1, 'finished', { date_accepted: '2021-07-29T23:59:59Z' }),
      contract(2, 'finished', { date_accepted: '2021-07-30T00:00:00Z' }),
      contract(3, 'outstanding', { date_issued: '2021-07-01T00:00:00Z' }),
    ];
    expect(contractsToPublish(listed, {}, new Set()).map((c) => c.contract.contract_id)).toEqual([2, 3]);
  });
});

describe('contractMessages', () => {
  const entry = (contractId: number, lines: number | null): ImportedContract => ({
    contract: contract(contractId, 'outstanding'),
    items: lines === null ? null : items(lines),
  });
  const message = (contracts: ImportedContract[]) => ({
    accountId: '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11',
    characterId: 2119000022,
    fetchedAt: '2026-11-20T10:00:00.000Z',
    contracts,
  });

  it('splits by contracts and by item lines, in order; a contract with the most items ESI lists goes alone', () => {
    const many = Array.from({ length: CONTRACT_RECORDS_PER_MESSAGE + 1 }, (_, i) => entry(i + 1, null));
    expect(contractMessages(many).map((part) => part.length)).toEqual([CONTRACT_RECORDS_PER_MESSAGE, 1]);
    const heavy = [
      entry(1, 3000),
      entry(2, 2000),
      entry(3, 1),
      entry(4, CONTRACT_ITEMS_PER_MESSAGE),
      entry(5, 0),
    ];
    const parts = contractMessages(heavy);
    expect(parts.map((part) => part.map((e) => e.contract.contract_id))).toEqual([[1, 2], [3], [4, 5]]);
    for (const part of parts) expect(contractsImportedSchema.safeParse(message(part)).success).toBe(true);
    expect(contractMessages([])).toEqual([]);
  });

  it('is what the message schema accepts: more item lines over several contracts are refused', () => {
    expect(contractsImportedSchema.safeParse(message([entry(1, 3000), entry(2, 2001)])).success).toBe(false);
  });
});
