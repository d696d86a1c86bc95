import { walkFromId, type FromIdBatch } from './from-id.walker';

interface Row {
  readonly transaction_id: number;
}

/** A server holding ids 1..total, `size` per batch, newest first; `inclusive` repeats the from_id record. */
function server(total: number, size: number, inclusive: boolean) {
  const calls: (number | undefined)[] = [];
  const fetchBatch = async (fromId: number | undefined): Promise<FromIdBatch<Row>> => {
    calls.push(fromId);
    const top = fromId === undefined ? total : inclusive ? fromId : fromId - 1;
    const items: Row[] = [];
    for (let id = top; id >= 1 && items.length < size; id--) items.push({ transaction_id: id });
    return { items, unchanged: false };
  };
  return { calls, fetchBatch };
}

const ids = (rows: readonly Row[]) => rows.map((row) => row.transaction_id);

describe('walkFromId', () => {
  it.each([true, false])('walks to the oldest record (from_id inclusive: %s)', async (inclusive) => {
    const { calls, fetchBatch } = server(10, 4, inclusive);
    const walk = await walkFromId(fetchBatch, (row) => row.transaction_id);
    expect(ids(walk.items)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(calls[0]).toBeUndefined();
    expect(calls[1]).toBe(7);
  });

  it('stops at records the caller already has', async () => {
    const { calls, fetchBatch } = server(10, 4, true);
    const walk = await walkFromId(fetchBatch, (row) => row.transaction_id, { newerThanId: 5 });
    expect(ids(walk.items)).toEqual([10, 9, 8, 7, 6]);
    expect(calls).toEqual([undefined, 7]);
  });

  it('handles an empty wallet', async () => {
    const { fetchBatch } = server(0, 4, true);
    const walk = await walkFromId(fetchBatch, (row) => row.transaction_id);
    expect(walk).toEqual({ items: [], batches: 1, unchanged: false });
  });

  it('reports unchanged only when every batch was', async () => {
    let call = 0;
    const walk = await walkFromId<Row>(
      async () => ({
        items: call++ === 0 ? [{ transaction_id: 2 }, { transaction_id: 1 }] : [],
        unchanged: true,
      }),
      (row) => row.transaction_id,
    );
    expect(walk.unchanged).toBe(true);
  });

  it('gives up on a server that never ends the walk', async () => {
    let next = 1_000_000;
    await expect(
      walkFromId<Row>(
        async () => ({ items: [{ transaction_id: next-- }], unchanged: false }),
        (row) => row.transaction_id,
        { maxBatches: 5 },
      ),
    ).rejects.toThrow(/within 5 batches/);
  });
});
