import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SsoAuthority } from '../sso/sso-authority';
import type { SimulatedWorld } from '../world/simulated-world';
import { SimulationClock } from '../world/simulation-clock';
import type { UiAction } from './esi-call';
import type { FaultInjector, FaultRule } from './fault-injector';
import { readJson, sendJson } from './http-io';

export const CONTROL_PREFIX = '/_sim';

export interface ControlDependencies {
  readonly world: SimulatedWorld;
  readonly clock: { now(): Date };
  readonly faults: FaultInjector;
  readonly sso: SsoAuthority;
  readonly uiActions: readonly UiAction[];
  readonly resetLimits: () => void;
}

/**
 * The simulator's own control API, for tests and benchmarks that run it in another process: the clock, faults,
 * token revocation, tokens without the browser, limits, ground truth. Not part of ESI.
 */
export async function handleControl(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  deps: ControlDependencies,
): Promise<void> {
  const route = `${request.method ?? 'GET'} ${url.pathname.slice(CONTROL_PREFIX.length) || '/'}`;
  try {
    if (route === 'GET /') return sendJson(response, 200, summary(deps));
    if (route === 'GET /clock') return sendJson(response, 200, clockState(deps));
    if (route === 'POST /clock') {
      const clock = deps.clock;
      if (!(clock instanceof SimulationClock)) {
        return sendJson(response, 409, { error: 'The simulator follows an outside clock; move that one' });
      }
      const body = await jsonOf(request);
      if (body['set'] !== undefined) clock.set(String(body['set']));
      if (body['advanceMs'] !== undefined) clock.advance(Number(body['advanceMs']));
      if (body['advance'] !== undefined) clock.advance(durationMs(String(body['advance'])));
      if (body['freeze'] === true) clock.freeze();
      if (body['freeze'] === false) clock.resume();
      return sendJson(response, 200, clockState(deps));
    }
    if (route === 'GET /faults') return sendJson(response, 200, deps.faults.list());
    if (route === 'POST /faults') {
      return sendJson(response, 201, {
        id: deps.faults.inject((await jsonOf(request)) as unknown as FaultRule),
      });
    }
    if (route === 'DELETE /faults') {
      deps.faults.clear();
      return sendJson(response, 200, []);
    }
    if (route.startsWith('DELETE /faults/')) {
      deps.faults.clear(decodeURIComponent(route.slice('DELETE /faults/'.length)));
      return sendJson(response, 200, deps.faults.list());
    }
    if (route === 'POST /revoke') {
      const body = await jsonOf(request);
      deps.faults.revokeTokens(Number(body['characterId']), { accessTokens: body['accessTokens'] !== false });
      return sendJson(response, 200, { revoked: Number(body['characterId']) });
    }
    if (route === 'POST /transfer') {
      const characterId = Number((await jsonOf(request))['characterId']);
      deps.sso.transferCharacter(characterId);
      return sendJson(response, 200, { transferred: characterId });
    }
    if (route === 'POST /tokens') {
      const body = await jsonOf(request);
      const scopes = Array.isArray(body['scopes']) ? body['scopes'].map(String) : [];
      const clientId = typeof body['clientId'] === 'string' ? body['clientId'] : undefined;
      return sendJson(response, 200, deps.sso.issueTokens(Number(body['characterId']), scopes, clientId));
    }
    if (route === 'POST /limits/reset') {
      deps.resetLimits();
      return sendJson(response, 200, { reset: true });
    }
    if (route === 'GET /ui-actions') return sendJson(response, 200, deps.uiActions);
    const truth = /^GET \/ground-truth\/(sales|contract-sales|jobs|deposits)$/.exec(route);
    if (truth) {
      const wallet = url.searchParams.get('wallet') ?? '';
      const toMs = url.searchParams.has('to')
        ? Date.parse(url.searchParams.get('to')!)
        : deps.clock.now().getTime();
      const fromMs = url.searchParams.has('from')
        ? Date.parse(url.searchParams.get('from')!)
        : toMs - 30 * 86_400_000;
      const kind =
        truth[1] === 'contract-sales' ? 'contractSales' : (truth[1] as 'sales' | 'jobs' | 'deposits');
      return sendJson(response, 200, deps.world.groundTruth[kind](wallet, fromMs, toMs));
    }
    return sendJson(response, 404, { error: `No control route ${route}` });
  } catch (error) {
    return sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) });
  }
}

function summary(deps: ControlDependencies): Record<string, unknown> {
  const { world } = deps;
  return {
    simulator: 'Tradewise ESI + SSO simulator',
    seed: world.seed,
    profile: world.profile.name,
    universe: world.universe.universe.source,
    productCorporationId: world.productCorporationId,
    clock: clockState(deps),
    characters: world.characters.map((c) => ({
      characterId: c.characterId,
      name: c.name,
      corporationId: c.corporationId,
      roles: c.roles,
    })),
    corporations: world.corporations.map((c) => ({
      corporationId: c.corporationId,
      name: c.name,
      ticker: c.ticker,
    })),
    structures: world.structures.map((s) => ({
      structureId: s.structureId,
      name: s.name,
      public: s.isPublic,
    })),
  };
}

function clockState(deps: ControlDependencies): Record<string, unknown> {
  const frozen = deps.clock instanceof SimulationClock ? deps.clock.isFrozen : false;
  return { now: deps.clock.now().toISOString(), frozen };
}

/** `90s`, `15m`, `2h`, `1d`, or plain milliseconds. */
export function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new Error(`Not a duration: '${text}' (use e.g. 90s, 15m, 2h, 1d)`);
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return Number(match[1]) * units[match[2] ?? 'ms']!;
}

async function jsonOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parsed: unknown = (await readJson(request)) ?? {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('Send a JSON object');
  return parsed as Record<string, unknown>;
}
