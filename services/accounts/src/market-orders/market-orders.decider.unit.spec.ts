import type { StoredMarketOrder } from '@tradewise/contracts';
import {
  decideMarketOrders,
  evolveMarketOrders,
  initialMarketOrdersState,
  type MarketOrdersState,
  type RecordMarketOrdersCommand,
} from './market-orders.decider';

const ARIA = 2119000011;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 12, minutes)).toISOString();

const order = (orderId: number, changes: Partial<StoredMarketOrder> = {}): StoredMarketOrder => ({
  orderId,
  typeId: 34,
  regionId: 10000002,
  locationId: 60003760,
  isBuyOrder: false,
  priceCents: 501,
  volumeRemain: 1000,
  volumeTotal: 1000,
  minVolume: null,
  escrowCents: null,
  isCorporation: false,
  issued: at(0),
  duration: 90,
  range: 'REGION',
  structure: null,
  ...changes,
});

const read = (minute: number, orders: StoredMarketOrder[]): RecordMarketOrdersCommand => ({
  type: 'RecordMarketOrders',
  characterId: ARIA,
  readAt: at(minute),
  expires: at(minute + 20),
  orders,
});

function given(...commands: RecordMarketOrdersCommand[]): MarketOrdersState {
  return commands.reduce(
    (state, command) => decideMarketOrders(state, command).reduce(evolveMarketOrders, state),
    initialMarketOrdersState,
  );
}

describe('market orders decider', () => {
  it('given no read, when the first answer comes, then every order opened', () => {
    const events = decideMarketOrders(initialMarketOrdersState, read(0, [order(1), order(2)]));
    expect(events).toEqual([
      {
        type: 'MarketOrdersRead',
        data: {
          characterId: ARIA,
          readAt: at(0),
          expires: at(20),
          opened: [order(1), order(2)],
          changed: [],
          closed: [],
        },
      },
    ]);
  });

  it('given two open orders, when one is re-priced and filled in part and the other is gone, then the read says so', () => {
    const state = given(read(0, [order(1), order(2)]));
    const repriced = order(1, { priceCents: 499, volumeRemain: 700, issued: at(15) });
    const [event] = decideMarketOrders(state, read(20, [repriced, order(3)]));
    expect(event!.data).toMatchObject({
      opened: [order(3)],
      changed: [
        {
          orderId: 1,
          priceCents: 499,
          volumeRemain: 700,
          escrowCents: null,
          issued: at(15),
          structure: null,
        },
      ],
      closed: [order(2)],
    });
    expect(evolveMarketOrders(state, event!).orders).toEqual([repriced, order(3)]);
  });

  it('given a recorded answer, when the same answer or an older one is recorded again, then nothing is appended', () => {
    const state = given(read(0, [order(1)]), read(20, [order(1, { volumeRemain: 10 })]));
    expect(decideMarketOrders(state, read(20, [order(1, { volumeRemain: 10 })]))).toEqual([]);
    expect(decideMarketOrders(state, read(0, [order(1)]))).toEqual([]);
  });

  it('given a structure named by an earlier read, when a read cannot name it, then the name is kept', () => {
    const jitaTower = { name: 'Jita - Tower', systemId: 30000142 };
    const state = given(read(0, [order(1, { locationId: 1_035_000_000_000, structure: jitaTower })]));
    const [event] = decideMarketOrders(state, read(20, [order(1, { locationId: 1_035_000_000_000 })]));
    expect(event!.data.changed).toEqual([]);
  });

  it('given an answer that changed nothing, then it is still recorded with its new expiry (Refresh Orders waits for it)', () => {
    const state = given(read(0, [order(1)]));
    const [event] = decideMarketOrders(state, read(20, [order(1)]));
    expect(event!.data).toMatchObject({ expires: at(40), opened: [], changed: [], closed: [] });
  });
});
