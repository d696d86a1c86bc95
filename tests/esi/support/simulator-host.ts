import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createEsiSimulator,
  SimulationClock,
  testUniverse,
  type EsiSimulator,
  type EsiSimulatorOptions,
} from '@tradewise/esi-sim';

/** One request as the simulator's server saw it, with the status it answered. */
export interface ObservedRequest {
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  status?: number;
}

export interface HostedSimulator {
  readonly simulator: EsiSimulator;
  readonly clock: SimulationClock;
  /** ESI and SSO base URL. */
  readonly url: string;
  /** Every request, oldest first; tests count what the client really sent. */
  readonly requests: ObservedRequest[];
  close(): Promise<void>;
}

/**
 * The ESI simulator (the package's own request handler, with its world, SSO, limits and faults) on a free port,
 * on a frozen simulation clock that tests move. It differs from `startEsiSimulator` in one header: `Date` comes
 * from the simulation clock. Node writes the wall-clock time there, beside `Expires` and `Last-Modified` from the
 * simulation clock, and an HTTP client that measures freshness as `Expires − Date` (RFC 9111, as real ESI's
 * headers allow) would then see every answer as already expired or fresh for months.
 */
export async function hostSimulator(
  options: Partial<EsiSimulatorOptions> & { readonly start?: string } = {},
): Promise<HostedSimulator> {
  const clock = new SimulationClock({ start: options.start ?? '2026-09-01T12:00:00Z', frozen: true });
  const simulator = createEsiSimulator({ universe: testUniverse(), ...options, clock });
  const requests: ObservedRequest[] = [];
  const server = createServer((request, response) => {
    const observed: ObservedRequest = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
    };
    requests.push(observed);
    response.on('finish', () => (observed.status = response.statusCode));
    response.setHeader('Date', clock.now().toUTCString());
    simulator.handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    simulator,
    clock,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      simulator.releaseHangingRequests();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** Requests to ESI routes (not the SSO, not the control API) since `from`. */
export function esiRequests(host: HostedSimulator, from = 0): ObservedRequest[] {
  return host.requests
    .slice(from)
    .filter((request) => !/^\/(v2\/oauth|oauth|\.well-known|_sim)\b/.test(request.url));
}
