import testUniverseJson from './fixtures/test-universe.json';
import type { SimulatorUniverse } from './simulator-universe';

/**
 * A small real universe bundled with the simulator for tests: the five trade hubs and their neighbourhoods, the
 * routes between them, a wormhole region, about 250 market types and the blueprints of some of them, cut from
 * the SDE by extract-test-universe.ts. Tests need no static dataset on disk.
 */
export function testUniverse(): SimulatorUniverse {
  return testUniverseJson as unknown as SimulatorUniverse;
}
