import { testUniverse } from '../../universe/test-universe';
import { SimulatedWorld } from '../../world/simulated-world';
import { characterWallet, corporationWallet } from '../../world/world-records';
import { journalBody, journalJson } from './wallet.handlers';

describe('journal rows on the wire', () => {
  it('serialises a row exactly as JSON.stringify of its typed body would', () => {
    const world = new SimulatedWorld({ seed: 'wire', universe: testUniverse(), profile: 'demo' });
    const at = Date.parse('2026-11-21T12:00:00Z');
    const rows = [
      ...world.journal(characterWallet(2119000022), at),
      ...world.journal(corporationWallet(98770001, 1), at),
    ];
    expect(new Set(rows.map((row) => row.refType)).size).toBeGreaterThan(5);
    const mismatches = rows.filter((row) => journalJson(row) !== JSON.stringify(journalBody(row)));
    expect(mismatches).toEqual([]);
    const amounts = rows.map((row) => journalBody(row).amount!);
    expect(amounts.every((amount) => Math.round(amount * 100) / 100 === amount)).toBe(true);
  });
});
