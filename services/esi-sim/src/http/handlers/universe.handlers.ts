import {
  esiRouteRequestSchema,
  type EsiCorporation,
  type EsiIds,
  type EsiName,
  type EsiSearch,
  type EsiStatus,
  type EsiStructure,
} from '@tradewise/contracts';
import { shortestRoute, type RoutePreference } from '../../universe/jump-routes';
import { DAY_MS } from '../../world/price-model';
import { smoothNoise } from '../../world/prng';
import type { NameCategory } from '../../world/simulated-world';
import { booleanParam, esiDate, EsiHttpError, integerParam, type EsiAnswer, type EsiCall } from '../esi-call';

export const COMPATIBILITY_DATES = [
  '2026-08-18',
  '2026-07-21',
  '2026-06-09',
  '2026-05-19',
  '2025-12-16',
  '2025-11-06',
  '2025-09-30',
  '2020-01-01',
] as const;

const ID_CATEGORIES: Readonly<Record<NameCategory, keyof EsiIds>> = {
  character: 'characters',
  corporation: 'corporations',
  faction: 'factions',
  inventory_type: 'inventory_types',
  region: 'regions',
  constellation: 'constellations',
  solar_system: 'systems',
  station: 'stations',
};
const SEARCH_CATEGORIES = [
  'agent',
  'alliance',
  'character',
  'constellation',
  'corporation',
  'faction',
  'inventory_type',
  'region',
  'solar_system',
  'station',
  'structure',
] as const;
type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
const SEARCH_LIMIT = 500;

export function universeNames(call: EsiCall): EsiAnswer {
  const ids = call.body;
  if (
    !Array.isArray(ids) ||
    ids.length < 1 ||
    ids.length > 1000 ||
    !ids.every((id) => Number.isSafeInteger(id))
  ) {
    throw new EsiHttpError(400, 'The body must be an array of 1 to 1000 integer ids');
  }
  if (new Set(ids).size !== ids.length) throw new EsiHttpError(400, 'The ids must be unique');
  const body: EsiName[] = [];
  for (const id of ids as number[]) {
    const resolved = call.world.resolve(id);
    if (!resolved) throw new EsiHttpError(404, 'Ensure all IDs are valid before resolving.');
    body.push({ id, name: resolved.name, category: resolved.category });
  }
  return { body };
}

export function universeIds(call: EsiCall): EsiAnswer {
  const names = call.body;
  if (
    !Array.isArray(names) ||
    names.length < 1 ||
    names.length > 500 ||
    !names.every((n) => typeof n === 'string')
  ) {
    throw new EsiHttpError(400, 'The body must be an array of 1 to 500 names');
  }
  const body: Record<string, { id: number; name: string }[]> = {};
  for (const name of new Set(names as string[])) {
    for (const resolved of call.world.resolveName(name)) {
      const key = ID_CATEGORIES[resolved.category];
      (body[key] ??= []).push({ id: resolved.id, name: resolved.name });
    }
  }
  return { body: body as EsiIds };
}

export function universeStructures(call: EsiCall): EsiAnswer {
  const filter = call.query.get('filter');
  if (filter !== null && filter !== 'market' && filter !== 'manufacturing_basic') {
    throw new EsiHttpError(400, `filter must be market or manufacturing_basic, not '${filter}'`);
  }
  const body = call.world.structures
    .filter(
      (s) => s.isPublic && (filter === null || (filter === 'market' ? s.hasMarket : s.hasManufacturing)),
    )
    .map((s) => s.structureId);
  return { body };
}

export function universeStructure(call: EsiCall): EsiAnswer {
  const structureId = integerParam(call.params['structure_id'], 'structure_id');
  const structure = call.world.structure(structureId);
  if (!structure) throw new EsiHttpError(404, 'Structure not found');
  if (!call.world.canDock(call.principal!.characterId, structureId)) throw new EsiHttpError(403, 'Forbidden');
  const body: EsiStructure = {
    name: structure.name,
    owner_id: structure.ownerId,
    solar_system_id: structure.solarSystemId,
    type_id: structure.typeId,
    position: structure.position,
  };
  return { body };
}

export function route(call: EsiCall): EsiAnswer {
  const origin = integerParam(call.params['origin_system_id'], 'origin_system_id');
  const destination = integerParam(call.params['destination_system_id'], 'destination_system_id');
  const parsed = esiRouteRequestSchema.safeParse(call.body ?? {});
  if (!parsed.success)
    throw new EsiHttpError(400, `Invalid body: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
  const systems = findRoute(call, origin, destination, {
    preference: parsed.data.preference ?? 'Shorter',
    securityPenalty: parsed.data.security_penalty,
    avoidSystems: parsed.data.avoid_systems,
    extraConnections: parsed.data.connections,
  });
  return { body: { route: systems } };
}

/** The legacy GET /route/{origin}/{destination}/ (flag shortest | secure | insecure), a bare array. */
export function legacyRoute(call: EsiCall): EsiAnswer {
  const origin = integerParam(call.params['origin_system_id'], 'origin_system_id');
  const destination = integerParam(call.params['destination_system_id'], 'destination_system_id');
  const flag = call.query.get('flag') ?? 'shortest';
  const preferences: Record<string, RoutePreference> = {
    shortest: 'Shorter',
    secure: 'Safer',
    insecure: 'LessSecure',
  };
  const preference = preferences[flag];
  if (!preference) throw new EsiHttpError(400, `flag must be shortest, secure or insecure, not '${flag}'`);
  const avoid = call.query
    .getAll('avoid')
    .flatMap((value) => value.split(','))
    .filter(Boolean);
  return {
    body: findRoute(call, origin, destination, {
      preference,
      avoidSystems: avoid.map((value) => integerParam(value, 'avoid')),
    }),
  };
}

function findRoute(
  call: EsiCall,
  origin: number,
  destination: number,
  options: Parameters<typeof shortestRoute>[3],
): number[] {
  const { universe } = call.world;
  if (!universe.systemsById.has(origin) || !universe.systemsById.has(destination)) {
    throw new EsiHttpError(404, 'Solar system not found');
  }
  const systems = shortestRoute(universe.graph, origin, destination, {
    ...options,
    securityOf: (systemId) => universe.systemsById.get(systemId)?.security,
  });
  if (!systems) throw new EsiHttpError(404, 'No route found');
  return systems;
}

export function characterSearch(call: EsiCall): EsiAnswer {
  const categories = call.query
    .getAll('categories')
    .flatMap((value) => value.split(','))
    .filter(Boolean);
  if (categories.length < 1 || categories.length > 11 || new Set(categories).size !== categories.length) {
    throw new EsiHttpError(400, 'categories must list 1 to 11 distinct categories');
  }
  const unknown = categories.find((category) => !(SEARCH_CATEGORIES as readonly string[]).includes(category));
  if (unknown) throw new EsiHttpError(400, `Unknown search category '${unknown}'`);
  const search = (call.query.get('search') ?? '').trim();
  if (search.length < 3) throw new EsiHttpError(400, 'search must be at least 3 characters long');
  const strict = booleanParam(call.query.get('strict'), 'strict', false);
  const needle = search.toLowerCase();
  const matches = (name: string): boolean =>
    strict ? name.toLowerCase() === needle : name.toLowerCase().includes(needle);
  const { world } = call;
  const candidates = (category: SearchCategory): Iterable<{ id: number; name: string }> => {
    switch (category) {
      case 'character':
        return [
          ...world.characters.map((c) => ({ id: c.characterId, name: c.name })),
          ...[...world.outside.characters()].map((c) => ({ id: c.characterId, name: c.name })),
        ];
      case 'corporation':
        return [
          ...world.corporations.map((c) => ({ id: c.corporationId, name: c.name })),
          ...[...world.outside.corporations()].map((c) => ({ id: c.corporationId, name: c.name })),
        ];
      case 'inventory_type':
        return world.universe.marketTypes.map((t) => ({ id: t.typeId, name: t.name }));
      case 'region':
        return world.universe.universe.regions.map((r) => ({ id: r.regionId, name: r.name }));
      case 'constellation':
        return world.universe.universe.constellations.map((c) => ({ id: c.constellationId, name: c.name }));
      case 'solar_system':
        return world.universe.universe.systems.map((s) => ({ id: s.systemId, name: s.name }));
      case 'station':
        return world.universe.universe.stations.map((s) => ({ id: s.stationId, name: s.name }));
      case 'structure':
        return world.structures
          .filter((s) => world.canDock(call.principal!.characterId, s.structureId))
          .map((s) => ({ id: s.structureId, name: s.name }));
      case 'faction':
        return [500001, 500002, 500003, 500004].map((id) => ({ id, name: world.nameOf(id) }));
      default:
        return [];
    }
  };
  const body: EsiSearch = {};
  for (const category of categories as SearchCategory[]) {
    const ids: number[] = [];
    for (const candidate of candidates(category)) {
      if (matches(candidate.name)) ids.push(candidate.id);
      if (ids.length >= SEARCH_LIMIT) break;
    }
    if (ids.length > 0) body[category] = ids;
  }
  return { body };
}

export function openMarketDetails(call: EsiCall): EsiAnswer {
  const typeId = integerParam(call.query.get('type_id'), 'type_id');
  call.recordUiAction({ kind: 'open-market-details', characterId: call.principal!.characterId, typeId });
  return { status: 204 };
}

export function setWaypoint(call: EsiCall): EsiAnswer {
  call.recordUiAction({
    kind: 'set-waypoint',
    characterId: call.principal!.characterId,
    destinationId: integerParam(call.query.get('destination_id'), 'destination_id'),
    addToBeginning: booleanParam(call.query.get('add_to_beginning'), 'add_to_beginning', false),
    clearOtherWaypoints: booleanParam(
      call.query.get('clear_other_waypoints'),
      'clear_other_waypoints',
      false,
    ),
  });
  return { status: 204 };
}

export function status(call: EsiCall): EsiAnswer {
  const downtimeMs =
    Math.floor((call.snapshotMs - 11 * 3_600_000) / DAY_MS) * DAY_MS + 11 * 3_600_000 + 15 * 60_000;
  const hour = (call.snapshotMs / 3_600_000) % 24;
  const players = Math.round(
    22_000 +
      9_000 * Math.sin(((hour - 13) / 24) * 2 * Math.PI) +
      1_500 * smoothNoise(call.snapshotMs / 3_600_000, call.world.seed, 501),
  );
  const body: EsiStatus = { players, server_version: '2998744', start_time: esiDate(downtimeMs), vip: false };
  return { body };
}

export function compatibilityDates(): EsiAnswer {
  return { body: { compatibility_dates: [...COMPATIBILITY_DATES] } };
}

export function corporationPublic(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const { world } = call;
  const simulated = world.corporation(corporationId);
  const members = world.characters.filter((c) => c.corporationId === corporationId).length;
  const common = { friendly_fire: 'illegal', shares: 1000, state: 'active', war_eligible: false } as const;
  if (simulated) {
    const body: EsiCorporation = {
      ...common,
      name: simulated.name,
      ticker: simulated.ticker,
      ceo_id: simulated.ceoId,
      creator_id: simulated.ceoId,
      date_founded: esiDate(Date.parse(simulated.founded)),
      description: simulated.isProduct ? 'Send ISK here to pay for a Tradewise subscription.' : '',
      home_station_id: world.universe.hub(simulated.homeHub).stationId,
      member_count: Math.max(members, 1) + 10,
      tax_rates: { isk: simulated.taxRate, loyalty_point: simulated.taxRate },
      type: 'player_owned',
      war_eligible: true,
    };
    return { body };
  }
  const outside = world.outside.corporationById(corporationId);
  const name =
    outside?.name ??
    (world.resolve(corporationId)?.category === 'corporation' ? world.nameOf(corporationId) : undefined);
  if (!name) throw new EsiHttpError(404, 'Corporation not found');
  const body: EsiCorporation = {
    ...common,
    name,
    ticker: outside?.ticker ?? name.slice(0, 4).toUpperCase(),
    description: '',
    home_station_id: world.universe.hub(0).stationId,
    member_count: outside ? 25 + (corporationId % 200) : Math.max(members, 1) + 100_000,
    tax_rates: { isk: 0.1, loyalty_point: 0.1 },
    type: outside ? 'player_owned' : 'npc_owned',
  };
  return { body };
}
