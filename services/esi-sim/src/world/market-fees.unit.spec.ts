import {
  MINIMUM_BROKER_FEE,
  npcBrokerRate,
  placementBrokerFee,
  relistBrokerFee,
  relistShare,
} from './market-fees';

describe('market fees (esi.md §6)', () => {
  it('gives the NPC broker rate from skills and standings, never below 1%', () => {
    expect(npcBrokerRate(0, 0, 0)).toBe(30_000);
    expect(npcBrokerRate(5, 0, 0)).toBe(15_000);
    expect(npcBrokerRate(5, 10, 10)).toBe(10_000);
    expect(npcBrokerRate(5, 4.2, 6.1)).toBe(12_520);
  });

  it('charges placement on the full order value, at least 100 ISK', () => {
    expect(placementBrokerFee(1_000_000_00, 15_000)).toBe(15_000_00);
    expect(placementBrokerFee(1_000_00, 15_000)).toBe(MINIMUM_BROKER_FEE);
  });

  it('charges a change the rate on any increase plus the relist share on the new value', () => {
    const rate = 15_000;
    const share = relistShare(4);
    expect(share).toBe(300_000);
    // Lowering a sell order: only the relist share of the new value.
    expect(relistBrokerFee(100_000_000_00, 99_000_000_00, rate, share)).toBe(445_500_00);
    // Raising a buy order: the increase at the full rate as well.
    expect(relistBrokerFee(100_000_000_00, 101_000_000_00, rate, share)).toBe(15_000_00 + 454_500_00);
    expect(relistBrokerFee(1_00, 1_00, rate, share)).toBe(MINIMUM_BROKER_FEE);
  });
});
