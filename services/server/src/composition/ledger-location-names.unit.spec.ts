import type { StaticData, StructureNames } from '@tradewise/market';
import { ledgerLocationNames } from './ledger-location-names';

const JITA = 60003760;
const KEEPSTAR = 1035466617946;
const HIDDEN = 1040000000001;

const staticData = {
  station: (stationId: number) =>
    stationId === JITA
      ? { stationId, name: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant', systemId: 30000142 }
      : null,
} as unknown as StaticData;

describe('the ledger location names', () => {
  it('names NPC stations from the static data and structures as the market context names them, leaving out the rest', async () => {
    const asked: number[][] = [];
    const structureNames: StructureNames = {
      publicNames: () => Promise.reject(new Error('not used')),
      publicMarketIds: () => Promise.reject(new Error('not used')),
      names: (ids) => {
        asked.push([...ids]);
        return Promise.resolve(new Map([[KEEPSTAR, 'Perimeter - Tranquility Trading Tower']]));
      },
    };
    const names = await ledgerLocationNames(staticData, structureNames).names([
      JITA,
      KEEPSTAR,
      HIDDEN,
      60000001,
      JITA,
    ]);
    expect([...names].sort(([a], [b]) => a - b)).toEqual([
      [JITA, 'Jita IV - Moon 4 - Caldari Navy Assembly Plant'],
      [KEEPSTAR, 'Perimeter - Tranquility Trading Tower'],
    ]);
    expect(asked).toEqual([[KEEPSTAR, HIDDEN]]);
  });

  it('without the market data, names the stations alone and asks nobody for structures', async () => {
    const names = await ledgerLocationNames(staticData, undefined).names([JITA, KEEPSTAR]);
    expect([...names]).toEqual([[JITA, 'Jita IV - Moon 4 - Caldari Navy Assembly Plant']]);
  });
});
