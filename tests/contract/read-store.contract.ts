import { isDuplicateKeyError, type ReadStore } from '@tradewise/platform';
import { uniqueSuffix } from '../support/servers';

export interface ReadStoreFixture {
  /** Opens the store; called again after `close()` it reopens the same data (a restart). */
  open(): Promise<ReadStore>;
  cleanup(): Promise<void>;
}

type Order = {
  _id: string;
  typeId: number;
  regionId: number;
  price: number;
  volume: number;
  tags?: string[];
  owner?: { characterId: number; name: string };
};

const orders: Order[] = [
  {
    _id: 'o1',
    typeId: 34,
    regionId: 10000002,
    price: 5,
    volume: 1000,
    tags: ['ore'],
    owner: { characterId: 1, name: 'A' },
  },
  {
    _id: 'o2',
    typeId: 34,
    regionId: 10000043,
    price: 6,
    volume: 500,
    tags: ['ore', 'hub'],
    owner: { characterId: 2, name: 'B' },
  },
  {
    _id: 'o3',
    typeId: 35,
    regionId: 10000002,
    price: 11,
    volume: 200,
    tags: [],
    owner: { characterId: 1, name: 'A' },
  },
  { _id: 'o4', typeId: 35, regionId: 10000002, price: 12, volume: 300, owner: { characterId: 3, name: 'C' } },
  { _id: 'o5', typeId: 36, regionId: 10000043, price: 40, volume: 50, tags: ['hub'] },
];

/** MongoDB semantics every ReadStore adapter must have, for the operations the project uses. */
export function readStoreContract(
  adapter: string,
  available: () => boolean,
  fixture: () => ReadStoreFixture,
): void {
  const describeIf = available() ? describe : describe.skip;
  describeIf(`ReadStore contract: ${adapter}`, () => {
    let harness: ReadStoreFixture;
    let store: ReadStore;
    let name: string;
    const coll = () => store.collection<Order>(name);

    beforeEach(async () => {
      harness = fixture();
      store = await harness.open();
      name = `c${uniqueSuffix()}`;
    });

    afterEach(async () => {
      await store.dropCollection(name);
      await store.close();
      await harness.cleanup();
    });

    it('inserts and finds with filter, sort, skip, limit and projection', async () => {
      await coll().insertMany(orders);
      expect(
        (
          await coll()
            .find({ typeId: 34 }, { sort: { price: -1 } })
            .toArray()
        ).map((o) => o._id),
      ).toEqual(['o2', 'o1']);
      expect(
        (
          await coll()
            .find({}, { sort: { price: 1 }, skip: 1, limit: 2 })
            .toArray()
        ).map((o) => o._id),
      ).toEqual(['o2', 'o3']);
      expect(
        await coll()
          .find({ _id: 'o3' }, { projection: { price: 1, _id: 0 } })
          .toArray(),
      ).toEqual([{ price: 11 }]);
      expect(
        (
          await coll()
            .find({ price: { $gte: 6, $lt: 40 } })
            .sort({ price: 1 })
            .toArray()
        ).map((o) => o._id),
      ).toEqual(['o2', 'o3', 'o4']);
      expect(
        (
          await coll()
            .find({ $or: [{ typeId: 36 }, { price: 5 }] })
            .sort({ _id: 1 })
            .toArray()
        ).map((o) => o._id),
      ).toEqual(['o1', 'o5']);
      expect(
        (await coll().find({ 'owner.characterId': 1 }).sort({ _id: 1 }).toArray()).map((o) => o._id),
      ).toEqual(['o1', 'o3']);
      expect((await coll().find({ tags: 'hub' }).sort({ _id: 1 }).toArray()).map((o) => o._id)).toEqual([
        'o2',
        'o5',
      ]);
      expect(
        (
          await coll()
            .find({ typeId: { $in: [35, 36] } })
            .sort({ _id: -1 })
            .limit(2)
            .toArray()
        ).map((o) => o._id),
      ).toEqual(['o5', 'o4']);
      expect(await coll().findOne({ typeId: 99 })).toBeNull();
      expect((await coll().findOne({ regionId: 10000043 }, { sort: { price: -1 } }))?._id).toBe('o5');
      expect(
        (await coll().find({ regionId: 10000002, typeId: 35 }).sort({ _id: 1 }).toArray()).map((o) => o._id),
      ).toEqual(['o3', 'o4']);
      // Sorted before the projection, which leaves the sort fields out.
      expect(
        await coll()
          .find(
            { regionId: 10000002 },
            { sort: { 'owner.characterId': -1, price: -1 }, skip: 1, limit: 1, projection: { _id: 1 } },
          )
          .toArray(),
      ).toEqual([{ _id: 'o3' }]);
    });

    it('pages a long filtered list again after each kind of write', async () => {
      type Row = { _id: string; accountId: string; date: string; amount: number };
      const rows = store.collection<Row>(name);
      const day = (index: number): string => `2026-${String(1 + (index % 12)).padStart(2, '0')}-15`;
      await rows.insertMany(
        Array.from({ length: 1_500 }, (_, index) => ({
          _id: `r${String(index).padStart(4, '0')}`,
          accountId: index % 5 === 0 ? 'other' : 'mine',
          date: day(index),
          amount: index,
        })),
      );
      const page = async (): Promise<{ total: number; ids: string[] }> => ({
        total: await rows.countDocuments({ accountId: 'mine' }),
        ids: (
          await rows.find({ accountId: 'mine' }).sort({ date: -1, _id: -1 }).skip(2).limit(3).toArray()
        ).map((row) => row._id),
      });
      expect(await page()).toEqual({ total: 1_200, ids: ['r1463', 'r1451', 'r1439'] });
      await rows.insertOne({ _id: 'r9999', accountId: 'mine', date: '2026-12-31', amount: 0 });
      expect(await page()).toEqual({ total: 1_201, ids: ['r1487', 'r1463', 'r1451'] });
      await rows.updateOne({ _id: 'r1487' }, { $set: { date: '2027-01-01' } });
      expect(await page()).toEqual({ total: 1_201, ids: ['r1499', 'r1463', 'r1451'] });
      await rows.deleteOne({ _id: 'r1499' });
      expect(await page()).toEqual({ total: 1_200, ids: ['r1463', 'r1451', 'r1439'] });
    });

    it('counts documents', async () => {
      await coll().insertMany(orders);
      expect(await coll().countDocuments()).toBe(5);
      expect(await coll().countDocuments({ regionId: 10000002 })).toBe(3);
      expect(await coll().countDocuments({ typeId: 99 })).toBe(0);
    });

    it('updates with $set, $inc, $unset, $push and $pull', async () => {
      await coll().insertMany(orders);
      const result = await coll().updateOne(
        { _id: 'o1' },
        { $set: { price: 7, 'owner.name': 'Ann' }, $inc: { volume: -100 }, $push: { tags: 'cheap' } },
      );
      expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      await coll().updateOne({ _id: 'o2' }, { $unset: { owner: '' }, $pull: { tags: 'ore' } });
      expect(await coll().findOne({ _id: 'o1' })).toEqual({
        _id: 'o1',
        typeId: 34,
        regionId: 10000002,
        price: 7,
        volume: 900,
        tags: ['ore', 'cheap'],
        owner: { characterId: 1, name: 'Ann' },
      });
      expect(await coll().findOne({ _id: 'o2' })).toEqual({
        _id: 'o2',
        typeId: 34,
        regionId: 10000043,
        price: 6,
        volume: 500,
        tags: ['hub'],
      });
      expect((await coll().updateOne({ _id: 'nope' }, { $set: { price: 1 } })).matchedCount).toBe(0);
    });

    it('upserts with $setOnInsert only on insert', async () => {
      const first = await coll().updateOne(
        { _id: 'new', typeId: 40 },
        { $set: { price: 1 }, $setOnInsert: { volume: 10, regionId: 1 } },
        { upsert: true },
      );
      expect(first).toMatchObject({ upsertedCount: 1, matchedCount: 0 });
      await coll().updateOne(
        { _id: 'new' },
        { $set: { price: 2 }, $setOnInsert: { volume: 99 } },
        { upsert: true },
      );
      expect(await coll().findOne({ _id: 'new' })).toEqual({
        _id: 'new',
        typeId: 40,
        price: 2,
        volume: 10,
        regionId: 1,
      });
      const generated = await coll().updateOne({ typeId: 41 }, { $inc: { volume: 5 } }, { upsert: true });
      expect(generated.upsertedCount).toBe(1);
      expect(await coll().findOne({ typeId: 41 }, { projection: { _id: 0 } })).toEqual({
        typeId: 41,
        volume: 5,
      });
    });

    it('updates many, replaces one and deletes', async () => {
      await coll().insertMany(orders);
      expect(await coll().updateMany({ regionId: 10000002 }, { $inc: { price: 1 } })).toMatchObject({
        matchedCount: 3,
        modifiedCount: 3,
      });
      expect(
        (await coll().find({ regionId: 10000002 }).sort({ _id: 1 }).toArray()).map((o) => o.price),
      ).toEqual([6, 12, 13]);
      await coll().replaceOne({ _id: 'o5' }, { typeId: 36, regionId: 1, price: 1, volume: 1 } as Order);
      expect(await coll().findOne({ _id: 'o5' })).toEqual({
        _id: 'o5',
        typeId: 36,
        regionId: 1,
        price: 1,
        volume: 1,
      });
      expect((await coll().deleteOne({ _id: 'o1' })).deletedCount).toBe(1);
      expect((await coll().deleteOne({ _id: 'o1' })).deletedCount).toBe(0);
      expect((await coll().deleteMany({ regionId: 10000002 })).deletedCount).toBe(2);
      expect((await coll().find({}).toArray()).map((o) => o._id).sort()).toEqual(['o2', 'o5']);
    });

    it('runs ordered bulk writes of every kind', async () => {
      await coll().insertMany(orders.slice(0, 2));
      const result = await coll().bulkWrite([
        { insertOne: { document: orders[2]! } },
        { updateOne: { filter: { _id: 'o1' }, update: { $set: { price: 50 } } } },
        { updateMany: { filter: { typeId: 34 }, update: { $inc: { volume: 1 } } } },
        {
          replaceOne: {
            filter: { _id: 'o9' },
            replacement: { typeId: 9, regionId: 9, price: 9, volume: 9 } as Order,
            upsert: true,
          },
        },
        { deleteOne: { filter: { _id: 'o2' } } },
        { deleteMany: { filter: { typeId: 35 } } },
      ]);
      expect(result).toMatchObject({
        insertedCount: 1,
        matchedCount: 3,
        modifiedCount: 3,
        deletedCount: 2,
        upsertedCount: 1,
      });
      expect(await coll().find({}).sort({ _id: 1 }).toArray()).toEqual([
        { ...orders[0], price: 50, volume: 1001 },
        { _id: 'o9', typeId: 9, regionId: 9, price: 9, volume: 9 },
      ]);
    });

    it('aggregates with $match, $group, $sort, $project, $limit, $skip, $unwind and $count', async () => {
      await coll().insertMany(orders);
      // Only what FerretDB v1 also gets right: $sum of a field, inclusion projections, the $count stage (ADR 0002).
      const byRegion = await coll()
        .aggregate([
          { $match: { price: { $lt: 40 } } },
          { $group: { _id: '$regionId', volume: { $sum: '$volume' } } },
          { $sort: { _id: 1 } },
          { $project: { volume: 1 } },
        ])
        .toArray();
      expect(byRegion).toEqual([
        { _id: 10000002, volume: 1500 },
        { _id: 10000043, volume: 500 },
      ]);
      const tags = await coll()
        .aggregate([
          { $unwind: '$tags' },
          { $match: { tags: 'hub' } },
          { $sort: { _id: 1 } },
          { $skip: 1 },
          { $limit: 1 },
          { $project: { tags: 1 } },
        ])
        .toArray();
      expect(tags).toEqual([{ _id: 'o5', tags: 'hub' }]);
      expect(
        await coll()
          .aggregate([{ $match: { typeId: 35 } }, { $count: 'n' }])
          .toArray(),
      ).toEqual([{ n: 2 }]);
    });

    it('enforces unique indexes on insert, update and upsert with the duplicate-key code', async () => {
      await coll().createIndex({ typeId: 1, regionId: 1 }, { unique: true, name: 'type_region' });
      await coll().insertMany(orders.slice(0, 3));
      const duplicate = { ...orders[0]!, _id: 'dup' };
      const inserted = await coll()
        .insertOne(duplicate)
        .catch((error: unknown) => error);
      expect(isDuplicateKeyError(inserted)).toBe(true);
      const updated = await coll()
        .updateOne({ _id: 'o2' }, { $set: { regionId: 10000002 } })
        .catch((error: unknown) => error);
      expect(isDuplicateKeyError(updated)).toBe(true);
      expect(
        isDuplicateKeyError(
          await coll()
            .insertOne({ ...orders[1]!, _id: 'x' })
            .catch((e: unknown) => e),
        ),
      ).toBe(true);
      expect(
        isDuplicateKeyError(
          await coll()
            .insertOne(orders[0]!)
            .catch((e: unknown) => e),
        ),
      ).toBe(true);
      expect(await coll().countDocuments()).toBe(3);
      expect((await coll().findOne({ _id: 'o2' }))?.regionId).toBe(10000043);
      await coll().deleteOne({ _id: 'o1' });
      await coll().insertOne(duplicate);
      expect(await coll().countDocuments()).toBe(3);
    });

    it('lists and drops collections', async () => {
      await coll().insertOne(orders[0]!);
      expect(await store.listCollectionNames()).toContain(name);
      await store.dropCollection(name);
      expect(await store.listCollectionNames()).not.toContain(name);
      expect(await coll().countDocuments()).toBe(0);
      await store.dropCollection(`${name}missing`);
    });

    it('writes and reads a large batch', async () => {
      const many = Array.from({ length: 20_000 }, (_, i) => ({
        _id: `d${i}`,
        typeId: i % 100,
        regionId: 1,
        price: i,
        volume: 1,
      }));
      await coll().createIndex({ typeId: 1 });
      expect((await coll().insertMany(many, { ordered: false })).insertedCount).toBe(20_000);
      const replaced = await coll().bulkWrite(
        many.slice(0, 20).map((document) => ({
          replaceOne: {
            filter: { _id: document._id },
            replacement: { ...document, volume: 2 },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      expect(replaced.modifiedCount).toBe(20);
      expect((await coll().updateMany({ typeId: 7 }, { $set: { volume: 3 } })).modifiedCount).toBe(200);
      expect(await coll().countDocuments({ volume: 2 })).toBe(19);
      expect(await coll().countDocuments({ volume: 3 })).toBe(200);
      const ids = many.slice(500, 1500).map((d) => d._id);
      expect(await coll().countDocuments({ _id: { $in: ids } })).toBe(1000);
    }, 60_000);

    it('keeps what was written, whatever the writer does with its objects after, and finds it through any index', async () => {
      const written = orders.map((order) => structuredClone(order));
      await coll().createIndex({ regionId: 1 });
      await coll().insertMany(written.slice(0, 3));
      await coll().replaceOne({ _id: 'o4' }, written[3]!, { upsert: true });
      await coll().insertOne(written[4]!);
      for (const order of written) {
        order.price = -1;
        order.tags?.push('changed');
      }
      await coll().createIndex({ typeId: 1 });
      expect(await coll().find({ typeId: 35 }).sort({ _id: 1 }).toArray()).toEqual([orders[2], orders[3]]);
      expect(await coll().find({ regionId: 10000043 }).sort({ _id: 1 }).toArray()).toEqual([
        orders[1],
        orders[4],
      ]);
      expect((await coll().deleteMany({ regionId: 10000002 })).deletedCount).toBe(3);
      expect(await coll().countDocuments({ typeId: { $in: [34, 35] } })).toBe(1);
      expect(
        await coll()
          .find({ _id: { $in: ['o1', 'o2', 'o5'] } })
          .sort({ _id: 1 })
          .toArray(),
      ).toEqual([orders[1], orders[4]]);
      await store.close();
      store = await harness.open();
      expect(
        await coll()
          .find({}, { sort: { _id: 1 } })
          .toArray(),
      ).toEqual([orders[1], orders[4]]);
      expect(await coll().find({ typeId: 36 }).toArray()).toEqual([orders[4]]);
    });

    it('keeps documents and indexes across a restart', async () => {
      await coll().createIndex({ regionId: 1, price: 1 }, { unique: true });
      await coll().insertMany(orders);
      await store.close();
      store = await harness.open();
      expect(await coll().countDocuments()).toBe(5);
      expect(await coll().findOne({ _id: 'o4' })).toEqual(orders[3]);
      expect(
        isDuplicateKeyError(
          await coll()
            .insertOne({ ...orders[0]!, _id: 'again' })
            .catch((e: unknown) => e),
        ),
      ).toBe(true);
    });
  });
}
