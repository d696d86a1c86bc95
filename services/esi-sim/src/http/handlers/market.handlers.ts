import type {
  EsiCharacterOrder,
  EsiCharacterOrderHistory,
  EsiCorporationOrder,
  EsiIndustrySystem,
  EsiMarketHistoryDay,
  EsiMarketPrice,
  EsiRegionOrder,
  EsiStructureOrder,
} from '@tradewise/contracts';
import {
  REGION_ORDERS_PAGE_SIZE,
  STRUCTURE_ORDERS_PAGE_SIZE,
  type BookOrder,
} from '../../world/market-books';
import { centsToIsk } from '../../world/money';
import { COST_INDEX_ACTIVITIES, DAY_MS } from '../../world/price-model';
import type { OrderView } from '../../world/simulated-world';
import {
  esiDate,
  esiDay,
  EsiHttpError,
  integerParam,
  optionalIntegerParam,
  paginate,
  type EsiAnswer,
  type EsiCall,
} from '../esi-call';

const ORDER_HISTORY_PAGE_SIZE = 1000;
const HISTORY_DAYS = 400;
/** The market day rolls over with the history cache at 11:05 UTC. */
const HISTORY_ROLLOVER_MS = (11 * 60 + 5) * 60_000;

export function characterOrders(call: EsiCall): EsiAnswer {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  return { body: call.world.characterOrders(characterId, call.snapshotMs).map(characterOrderBody) };
}

export function characterOrderHistory(call: EsiCall): EsiAnswer {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  const views = call.world.characterOrderHistory(characterId, call.snapshotMs);
  const page = paginate(views, call.query.get('page'), ORDER_HISTORY_PAGE_SIZE);
  return { ...page, body: page.body.map(characterOrderHistoryBody) };
}

export function corporationOrders(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const views = call.world.corporationOrders(corporationId, call.snapshotMs);
  const page = paginate(views, call.query.get('page'), ORDER_HISTORY_PAGE_SIZE);
  return { ...page, body: page.body.map(corporationOrderBody) };
}

export function corporationOrderHistory(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const views = call.world.corporationOrderHistory(corporationId, call.snapshotMs);
  const page = paginate(views, call.query.get('page'), ORDER_HISTORY_PAGE_SIZE);
  return {
    ...page,
    body: page.body.map((view) => ({ ...corporationOrderBody(view), state: view.order.closeState })),
  };
}

export function regionOrders(call: EsiCall): EsiAnswer {
  const regionId = integerParam(call.params['region_id'], 'region_id');
  if (!call.world.universe.regionsById.has(regionId)) throw new EsiHttpError(404, 'Region not found!');
  const orderType = call.query.get('order_type') ?? 'all';
  if (orderType !== 'buy' && orderType !== 'sell' && orderType !== 'all') {
    throw new EsiHttpError(400, `order_type must be buy, sell or all, not '${orderType}'`);
  }
  const typeId = optionalIntegerParam(call.query.get('type_id'), 'type_id');
  if (typeId !== undefined) {
    const orders = call.books.typeOrders(regionId, typeId, call.snapshotMs, orderType);
    const page = paginate(orders, call.query.get('page'), REGION_ORDERS_PAGE_SIZE);
    return { ...page, body: page.body.map(regionOrderBody) };
  }
  // Without a type ESI returns both sides whatever order_type says.
  const page = call.query.get('page') === null ? 1 : integerParam(call.query.get('page'), 'page');
  if (page < 1) throw new EsiHttpError(400, 'page must be at least 1');
  const pages = Math.max(
    1,
    Math.ceil(call.books.regionOrderCount(regionId, call.snapshotMs) / REGION_ORDERS_PAGE_SIZE),
  );
  if (page > pages) throw new EsiHttpError(404, 'Requested page does not exist!');
  return { body: call.books.regionPage(regionId, call.snapshotMs, page).map(regionOrderBody), pages };
}

export function structureOrders(call: EsiCall): EsiAnswer {
  const structureId = integerParam(call.params['structure_id'], 'structure_id');
  const structure = call.world.structure(structureId);
  if (!structure || !structure.hasMarket) throw new EsiHttpError(404, 'Structure not found');
  if (!call.world.canDock(call.principal!.characterId, structureId)) throw new EsiHttpError(403, 'Forbidden');
  const page = paginate(
    call.books.structureOrders(structureId, call.snapshotMs),
    call.query.get('page'),
    STRUCTURE_ORDERS_PAGE_SIZE,
  );
  return { ...page, body: page.body.map(structureOrderBody) };
}

export function marketHistory(call: EsiCall): EsiAnswer {
  const regionId = integerParam(call.params['region_id'], 'region_id');
  const typeId = integerParam(call.query.get('type_id'), 'type_id');
  if (!call.world.universe.regionsById.has(regionId)) throw new EsiHttpError(404, 'Region not found!');
  if (!call.world.universe.typesById.has(typeId)) throw new EsiHttpError(404, 'Type not found!');
  const lastDay = Math.floor((call.snapshotMs - HISTORY_ROLLOVER_MS) / DAY_MS) - 1;
  const body: EsiMarketHistoryDay[] = [];
  for (let day = lastDay - HISTORY_DAYS + 1; day <= lastDay; day++) {
    const history = call.world.prices.historyDay(regionId, typeId, day);
    if (!history) continue;
    body.push({
      date: esiDay(day),
      average: centsToIsk(history.average),
      highest: centsToIsk(history.highest),
      lowest: centsToIsk(history.lowest),
      order_count: history.orderCount,
      volume: history.volume,
    });
  }
  return { body };
}

export function marketPrices(call: EsiCall): EsiAnswer {
  const day = Math.floor(call.snapshotMs / DAY_MS);
  const body: EsiMarketPrice[] = call.world.universe.marketTypes.map((type) => ({
    type_id: type.typeId,
    adjusted_price: centsToIsk(call.world.prices.adjustedPrice(type.typeId, day)),
    average_price: centsToIsk(call.world.prices.averagePrice(type.typeId, day)),
  }));
  return { body };
}

export function industrySystems(call: EsiCall): EsiAnswer {
  const day = Math.floor(call.snapshotMs / DAY_MS);
  const { universe, prices } = call.world;
  const body: EsiIndustrySystem[] = [];
  for (const system of universe.universe.systems) {
    if (universe.regionsById.get(system.regionId)?.kind !== 'known-space') continue;
    body.push({
      solar_system_id: system.systemId,
      cost_indices: COST_INDEX_ACTIVITIES.filter(
        (activity) => activity !== 'reaction' || system.security < 0.45,
      ).map((activity) => ({ activity, cost_index: prices.costIndex(system.systemId, activity, day) })),
    });
  }
  return { body };
}

/** One of `/characters/{id}/orders`' entries (exported for testing/order-reads.ts). */
export function characterOrderBody({ order, state }: OrderView): EsiCharacterOrder {
  return {
    order_id: order.orderId,
    type_id: order.typeId,
    region_id: order.regionId,
    location_id: order.locationId,
    range: order.range,
    ...(order.isBuy
      ? { is_buy_order: true, min_volume: order.minVolume, escrow: centsToIsk(state.escrow) }
      : {}),
    price: centsToIsk(state.price),
    volume_total: order.volumeTotal,
    volume_remain: state.volumeRemain,
    issued: esiDate(state.issuedMs),
    duration: order.durationDays,
    is_corporation: order.corporationId !== undefined,
  };
}

/** One of `/characters/{id}/orders/history`' entries: the order as it closed, with its state. */
export function characterOrderHistoryBody(view: OrderView): EsiCharacterOrderHistory {
  return { ...characterOrderBody(view), state: view.order.closeState };
}

function corporationOrderBody(view: OrderView): EsiCorporationOrder {
  const { is_corporation: _isCorporation, ...order } = characterOrderBody(view);
  return { ...order, issued_by: view.order.characterId, wallet_division: view.order.walletDivision };
}

function structureOrderBody(order: BookOrder): EsiStructureOrder {
  return {
    order_id: order.orderId,
    type_id: order.typeId,
    location_id: order.locationId,
    volume_total: order.volumeTotal,
    volume_remain: order.volumeRemain,
    min_volume: order.minVolume,
    price: centsToIsk(order.price),
    is_buy_order: order.isBuy,
    duration: order.durationDays,
    issued: esiDate(order.issuedMs),
    range: order.range,
  };
}

function regionOrderBody(order: BookOrder): EsiRegionOrder {
  return { ...structureOrderBody(order), system_id: order.systemId };
}
