import { startEsiSimulator, type EsiSimulatorOptions, type RunningEsiSimulator } from '../esi-simulator';
import { ESI_OPERATIONS } from '../http/esi-operations';
import { testUniverse } from '../universe/test-universe';

/** The instant test worlds are frozen at unless they say otherwise. */
export const TEST_NOW = '2026-11-21T12:00:00Z';

/** Every scope some simulated route needs. */
export const ALL_ROUTE_SCOPES: readonly string[] = [
  ...new Set(ESI_OPERATIONS.flatMap((operation) => (operation.scope ? [operation.scope] : []))),
];

/** A simulator on a free port over the bundled test universe, its clock frozen at {@link TEST_NOW}. */
export function startTestSimulator(options: Partial<EsiSimulatorOptions> = {}): Promise<RunningEsiSimulator> {
  return startEsiSimulator({
    universe: testUniverse(),
    seed: 'test',
    now: TEST_NOW,
    frozen: true,
    ...options,
  });
}

export interface EsiRequest {
  readonly method?: 'GET' | 'POST';
  readonly token?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** A request to the simulator the way an ESI client sends one. */
export async function esiFetch(
  simulator: { url: string },
  path: string,
  request: EsiRequest = {},
): Promise<Response> {
  return fetch(`${simulator.url}${path}`, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers: {
      'X-Compatibility-Date': '2026-08-18',
      'User-Agent': 'tradewise-tests',
      ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
      ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...request.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
}
