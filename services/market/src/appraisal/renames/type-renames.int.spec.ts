import { ensureStaticDataset } from '../../static-data/dataset/ensure-static-dataset';
import { resolveStaticDataDir } from '../../static-data/dataset/static-data-dir';
import type { StaticData } from '../../static-data/static-data';
import { AppraisalCatalog } from '../pricing/appraisal-catalog';
import { parsePaste } from '../parse';
import { TYPE_RENAMES } from './type-renames';

const silent = { info: () => undefined, warn: () => undefined };

// Issue 25, failure class 2: the table of renamed and replaced types, checked against the static data we bundle.
describe('the renamed and replaced types table against the static data', () => {
  jest.setTimeout(120_000);
  let staticData: StaticData;
  let catalog: AppraisalCatalog;

  beforeAll(async () => {
    staticData = await ensureStaticDataset({ dir: resolveStaticDataDir(), logger: silent });
    catalog = new AppraisalCatalog(staticData);
  });

  it('maps every old name to a market type that exists under that id and current name', () => {
    expect(TYPE_RENAMES.length).toBeGreaterThan(1_000);
    const wrong = TYPE_RENAMES.filter(
      (rename) =>
        !staticData.isMarketType(rename.typeId) || staticData.typeName(rename.typeId) !== rename.currentName,
    );
    expect(wrong).toEqual([]);
  });

  it('has no old name that is a current market name, and each old name once', () => {
    const current = TYPE_RENAMES.filter((rename) => {
      const found = catalog.resolveTypeName(rename.oldName);
      return found !== null && found.name.toLowerCase() === rename.oldName.toLowerCase();
    });
    expect(current).toEqual([]);
    const names = TYPE_RENAMES.map((rename) => rename.oldName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers the renames players paste: compact/scoped modules, 2020 resistance modules, capacitor transmitters', () => {
    const current = (oldName: string) => catalog.resolveTypeName(oldName)?.name;
    expect(current('Experimental 10MN Afterburner I')).toBe('10MN Monopropellant Enduring Afterburner');
    expect(current('Limited Adaptive Invulnerability Field I')).toBe('Compact Multispectrum Shield Hardener');
    expect(current('Adaptive Invulnerability Field II')).toBe('Multispectrum Shield Hardener II');
    expect(current('Small Partial E95a Remote Capacitor Transmitter')).toBe(
      'Small Radiative Scoped Remote Capacitor Transmitter',
    );
  });

  it('prices an old name in a paste as its current type, never as a shorter name inside it', () => {
    const result = parsePaste(
      [
        '[Hurricane, Old fit]',
        'Experimental 10MN Afterburner I',
        '2 Limited Adaptive Invulnerability Field I',
      ].join('\n'),
      catalog.resolveTypeName,
    );
    expect(result.items.map((item) => [item.name, item.quantity, item.guess])).toEqual([
      ['Hurricane', 1, undefined],
      ['10MN Monopropellant Enduring Afterburner', 1, undefined],
      ['Compact Multispectrum Shield Hardener', 2, undefined],
    ]);
  });

  it('knows a 2017 Tech 3 subsystem the game retired as the retired type, and a carried-over name as the new one', () => {
    const result = parsePaste(
      [
        '[Tengu, Pre-2017 fit]',
        'Tengu Electronics - Dissolution Sequencer',
        'Tengu Engineering - Power Core Multiplier',
        'Tengu Defensive - Supplemental Screening',
      ].join('\n'),
      catalog.resolveTypeName,
    );
    expect(result.items.map((item) => [item.name, item.quantity, item.guess])).toEqual([
      ['Tengu', 1, undefined],
      ['OLD Tengu Electronics - Dissolution Sequencer', 1, undefined],
      ['OLD Tengu Engineering - Power Core Multiplier', 1, undefined],
      ['Tengu Defensive - Supplemental Screening', 1, undefined],
    ]);
    const retired = catalog.resolveTypeName('Tengu Electronics - Dissolution Sequencer')!;
    expect(staticData.isMarketType(retired.typeId)).toBe(false);
    expect(
      staticData.isMarketType(catalog.resolveTypeName('Tengu Defensive - Supplemental Screening')!.typeId),
    ).toBe(true);
  });
});
