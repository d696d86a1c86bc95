import { parsePaste } from './paste.parser';
import type { PasteItemFlags, PasteParseResult } from './paste.types';
import { fakeTypeNames, TYPE_IDS } from './type-names.fixture';

function parse(...lines: string[]): PasteParseResult {
  return parsePaste(lines.join('\n'), fakeTypeNames().resolve);
}

/** [line, format, name, quantity] per item, flags only where set. */
function rows(result: PasteParseResult): unknown[][] {
  return result.items.map((item) => {
    const row: unknown[] = [item.lineNumber, item.format, item.name, item.quantity];
    if (Object.keys(item.flags).length > 0) row.push(item.flags);
    return row;
  });
}

function unparsed(result: PasteParseResult): unknown[][] {
  return result.unparsed.map((line) => [line.lineNumber, line.reason]);
}

describe('killmails', () => {
  const killmail = [
    '',
    '2013.06.15 17:28:00',
    '',
    'Victim: Some poor victim',
    "Corp: Victim's Corp Name",
    'Destroyed: Scimitar',
    'System: Jita',
    'Security: 0.9',
    'Damage Taken: 14194',
    '',
    'Involved parties:',
    '',
    'Name: Ganker Name (laid the final blow)',
    'Security: -1.00',
    'Ship: Rifter',
    'Damage Done: 14194',
    '',
    'Destroyed items:',
    '',
    'Medium Armor Maintenance Bot I, Qty: 3 (Drone Bay)',
    'Tengu Defensive - Supplemental Screening',
    'Power Diagnostic System II (Cargo)',
    'Vexor Blueprint (Copy) (Cargo)',
    'Scourge Light Missile, Qty: 1,000 (Cargo)',
    '',
    'Dropped items:',
    '',
    'Warrior II (Drone Bay)',
  ];

  it('reads the victim ship, destroyed and dropped items with quantity, location and fate, after blank lines', () => {
    const result = parse(...killmail);
    expect(rows(result)).toEqual([
      [6, 'killmail', 'Scimitar', 1, { fate: 'destroyed' }],
      [20, 'killmail', 'Medium Armor Maintenance Bot I', 3, { fate: 'destroyed', location: 'Drone Bay' }],
      [21, 'killmail', 'Tengu Defensive - Supplemental Screening', 1, { fate: 'destroyed' }],
      [22, 'killmail', 'Power Diagnostic System II', 1, { fate: 'destroyed', location: 'Cargo' }],
      [23, 'killmail', 'Vexor Blueprint', 1, { blueprint: 'copy', fate: 'destroyed', location: 'Cargo' }],
      [24, 'killmail', 'Scourge Light Missile', 1000, { fate: 'destroyed', location: 'Cargo' }],
      [28, 'killmail', 'Warrior II', 1, { fate: 'dropped', location: 'Drone Bay' }],
    ]);
    expect(result.unparsed).toEqual([]);
    expect(result.kind).toBe('killmail');
    expect(result.skipped.filter((line) => line.reason === 'header').map((line) => line.lineNumber)).toEqual([
      2, 11, 18, 26,
    ]);
  });

  it('takes the example of the format notes', () => {
    expect(
      rows(parse('2021.03.04 12:34:56', '', 'Destroyed items:', '', 'Hobgoblin II, Qty: 2 (Drone Bay)')),
    ).toEqual([[5, 'killmail', 'Hobgoblin II', 2, { fate: 'destroyed', location: 'Drone Bay' }]]);
  });

  it('keeps unknown item names as unknown items and reports lines it cannot place, instead of dropping all', () => {
    const result = parse(
      '2021.03.04 12:34',
      'Victim: Someone',
      'this is not a detail line',
      '',
      'Destroyed items:',
      'Imaginary Module II (High Slot)',
      'Planet (Temperate)',
    );
    expect(result.items.map((item) => [item.name, item.typeId, item.flags.location])).toEqual([
      ['Imaginary Module II', null, 'High Slot'],
      ['Planet (Temperate)', TYPE_IDS['Planet (Temperate)'], undefined],
    ]);
    expect(unparsed(result)).toEqual([[3, 'unknown-item']]);
  });
});

describe('lines after a killmail', () => {
  it('reports a link or a remark among the items instead of keeping it as an item', () => {
    const result = parse(
      '2021.03.04 12:34:56',
      'Destroyed items:',
      'Hobgoblin II, Qty: 2 (Drone Bay)',
      'https://zkillboard.com/kill/1/',
      'Unknown Gadget, Qty: 2',
    );
    expect(rows(result)).toEqual([
      [3, 'killmail', 'Hobgoblin II', 2, { fate: 'destroyed', location: 'Drone Bay' }],
      [5, 'killmail', 'Unknown Gadget', 2, { fate: 'destroyed' }],
    ]);
    expect(unparsed(result)).toEqual([[4, 'unknown-item']]);
  });
});

describe('EFT fits', () => {
  it('takes the example of the format notes: ship, module with charge, drones', () => {
    const result = parse('[Vexor, Ratting]', 'Ion Blaster II, Void M', 'Hammerhead II x5');
    expect(
      result.items.map((item) => [item.lineNumber, item.format, item.name, item.typeId, item.quantity]),
    ).toEqual([
      [1, 'eft', 'Vexor', 626, 1],
      [2, 'eft', 'Ion Blaster II', null, 1],
      [2, 'eft', 'Void M', 12789, 1],
      [3, 'eft', 'Hammerhead II', 2185, 5],
    ]);
    expect(result.kind).toBe('eft');
  });

  it('reads a pyfa export: empty slots, /OFFLINE, commas in the fit name, blank lines before the header', () => {
    const result = parse(
      '',
      '',
      '[Vexor, Ratting, v2, cheap]',
      'Damage Control II',
      'Drone Damage Amplifier II /OFFLINE',
      '[Empty Low slot]',
      '',
      'Medium Shield Extender II',
      '[Empty Med slot]',
      '',
      'Heavy Ion Blaster II, Void M',
      'Heavy Ion Blaster II,Null M',
      '[empty high slot]',
      '',
      '',
      'Hammerhead II x5',
      'Hobgoblin II x 3',
      '',
      'Antimatter Charge M x1 000',
    );
    expect(rows(result)).toEqual([
      [3, 'eft', 'Vexor', 1],
      [4, 'eft', 'Damage Control II', 1],
      [5, 'eft', 'Drone Damage Amplifier II', 1, { offline: true }],
      [8, 'eft', 'Medium Shield Extender II', 1],
      [11, 'eft', 'Heavy Ion Blaster II', 1],
      [11, 'eft', 'Void M', 1],
      [12, 'eft', 'Heavy Ion Blaster II', 1],
      [12, 'eft', 'Null M', 1],
      [16, 'eft', 'Hammerhead II', 5],
      [17, 'eft', 'Hobgoblin II', 3],
      [19, 'eft', 'Antimatter Charge M', 1000],
    ]);
    expect(result.skipped).toEqual([
      { lineNumber: 6, format: 'eft', reason: 'empty-slot' },
      { lineNumber: 9, format: 'eft', reason: 'empty-slot' },
      { lineNumber: 13, format: 'eft', reason: 'empty-slot' },
    ]);
    expect(result.unparsed).toEqual([]);
  });

  it('reads several fits in one paste; a later header counts only when its ship is known', () => {
    const result = parse(
      '[Vexor, A]',
      'Damage Control II',
      '[Rifter, B]',
      'Damage Control II',
      '[Not A Ship, C]',
    );
    expect(rows(result)).toEqual([
      [1, 'eft', 'Vexor', 1],
      [2, 'eft', 'Damage Control II', 1],
      [3, 'eft', 'Rifter', 1],
      [4, 'eft', 'Damage Control II', 1],
    ]);
    expect(unparsed(result)).toEqual([[5, 'unknown-item']]);
    expect(result.merged.find((item) => item.name === 'Damage Control II')?.quantity).toBe(2);
  });

  it('skips the mutation details pyfa writes after the fit, and reads /OFFLINE before a reference', () => {
    const result = parse(
      '[Rifter, Mutated]',
      '5MN Microwarpdrive II /OFFLINE [1]',
      '',
      '[1] 5MN Microwarpdrive II',
      '  Unstable Microwarpdrive Mutaplasmid',
      '  capacitorNeed 12.3, speedFactor 510.2',
    );
    expect(rows(result)).toEqual([
      [1, 'eft', 'Rifter', 1],
      [2, 'eft', '5MN Microwarpdrive II', 1, { offline: true }],
    ]);
    expect(result.skipped.map((line) => [line.lineNumber, line.reason])).toEqual([
      [4, 'metadata'],
      [5, 'metadata'],
      [6, 'metadata'],
    ]);
  });

  it('keeps an unknown drone stack or module with a known charge, and reports other unknown lines', () => {
    const result = parse('[Vexor, A]', 'New Drone x3', 'New Gun II, Void M', 'Thanks for the fit!');
    expect(result.items.map((item) => [item.lineNumber, item.name, item.typeId, item.quantity])).toEqual([
      [1, 'Vexor', TYPE_IDS.Vexor, 1],
      [2, 'New Drone', null, 3],
      [3, 'New Gun II', null, 1],
      [3, 'Void M', TYPE_IDS['Void M'], 1],
    ]);
    expect(unparsed(result)).toEqual([[4, 'unknown-item']]);
  });

  it('reads pyfa mutated-module references as the base module', () => {
    expect(rows(parse('[Rifter, Mutated]', '5MN Microwarpdrive II [1]'))).toEqual([
      [1, 'eft', 'Rifter', 1],
      [2, 'eft', '5MN Microwarpdrive II', 1],
    ]);
  });
});

describe('fitting window', () => {
  it('skips the section headers and reads the Nx lines, with old names of renamed modules', () => {
    const result = parse(
      'High power',
      '5x Heavy Missile Launcher II',
      'Medium power',
      '1x Large Shield Extender II',
      '1x Dread Guristas EM Ward Amplifier',
      '2x Adaptive Invulnerability Field II',
      'Low power',
      '2x Gyrostabilizer II',
      'Charges',
      '8,718x Caldari Navy Scourge Heavy Missile',
      'Drones',
      '12 Warrior II',
      'Fuel',
      'Helium Isotopes',
    );
    expect(rows(result)).toEqual([
      [2, 'fitting-window', 'Heavy Missile Launcher II', 5],
      [4, 'fitting-window', 'Large Shield Extender II', 1],
      [5, 'fitting-window', 'Dread Guristas EM Shield Amplifier', 1],
      [6, 'fitting-window', 'Multispectrum Shield Hardener II', 2],
      [8, 'fitting-window', 'Gyrostabilizer II', 2],
      [10, 'fitting-window', 'Caldari Navy Scourge Heavy Missile', 8718],
      [12, 'fitting-window', 'Warrior II', 12],
      [14, 'fitting-window', 'Helium Isotopes', 1],
    ]);
    expect(result.skipped.map((line) => line.lineNumber)).toEqual([1, 3, 7, 9, 11, 13]);
  });
});

describe('loot history', () => {
  it('reads fleet loot log lines, thousands separators included', () => {
    const result = parse(
      '12:01:02 Some Pilot has looted 40 x Scourge Light Missile',
      "03:21:19 A cool dude has looted 5'000 x Garde II",
      '[ 04:22:20 ] Some dude has looted 1 x Bouncer II',
    );
    expect(rows(result)).toEqual([
      [1, 'loot-history', 'Scourge Light Missile', 40],
      [2, 'loot-history', 'Garde II', 5000],
      [3, 'loot-history', 'Bouncer II', 1],
    ]);
  });

  it('reads the loot export and skips its header', () => {
    const result = parse(
      'Time\tCharacter\tItem Type\tQuantity\tItem Group',
      '2021.05.05 10:10\tSome Pilot\tScourge Light Missile\t1 000\tLight Missile',
      '2021.05.05 10:11\tOther Pilot\tHobgoblin II\t2\tCombat Drone',
    );
    expect(rows(result)).toEqual([
      [2, 'loot-history', 'Scourge Light Missile', 1000],
      [3, 'loot-history', 'Hobgoblin II', 2],
    ]);
    expect(result.skipped).toEqual([{ lineNumber: 1, format: 'loot-history', reason: 'header' }]);
  });
});

describe('planetary interaction', () => {
  it('reads storage rows after the icon column, routed products and float quantities', () => {
    const result = parse(
      '\tBacteria\t960.0\t364.8',
      '\tBacteria\t40\t7.6 m3',
      '331.0\tAqueous Liquids\tNot routed',
      '331\tAqueous Liquids\tRouted',
      '\tAqueous Liquids\t205.0',
    );
    expect(rows(result)).toEqual([
      [1, 'planetary-interaction', 'Bacteria', 960],
      [2, 'planetary-interaction', 'Bacteria', 40],
      [3, 'planetary-interaction', 'Aqueous Liquids', 331],
      [4, 'planetary-interaction', 'Aqueous Liquids', 331],
      [5, 'planetary-interaction', 'Aqueous Liquids', 205],
    ]);
    expect(result.merged.map((item) => [item.name, item.quantity])).toEqual([
      ['Bacteria', 1000],
      ['Aqueous Liquids', 867],
    ]);
  });
});

describe('view contents', () => {
  it('takes the quantity from the last column, with any location, newer holds and other languages', () => {
    const result = parse(
      'Gyrostabilizer II\tWeapon Upgrade\tLow Slot\t2',
      'Bouncer II\tCombat Drone\tDrone Bay\t1',
      'Nitrogen Isotopes\tIce Product\tFuel Bay\t20000',
      'Antimatter Charge M\tHybrid Charge\tAmmo Hold\t4,000',
      'Compressed Vivid Hemorphite\tHemorphite\tMining Hold\t51',
      'Scourge Light Missile\tLight Missile\tFleet Hangar\t500',
      'Hornet EC-300\tДрон электронного противодействия\tОтсек для дронов\t10',
      'Giant Secure Container\tSecure Cargo Container\t\t1',
      'Festival Launcher\tFestival Launcher\t1',
    );
    expect(rows(result)).toEqual([
      [1, 'view-contents', 'Gyrostabilizer II', 2, { location: 'Low Slot' }],
      [2, 'view-contents', 'Bouncer II', 1, { location: 'Drone Bay' }],
      [3, 'view-contents', 'Nitrogen Isotopes', 20000, { location: 'Fuel Bay' }],
      [4, 'view-contents', 'Antimatter Charge M', 4000, { location: 'Ammo Hold' }],
      [5, 'view-contents', 'Compressed Vivid Hemorphite', 51, { location: 'Mining Hold' }],
      [6, 'view-contents', 'Scourge Light Missile', 500, { location: 'Fleet Hangar' }],
      [7, 'view-contents', 'Hornet EC-300', 10, { location: 'Отсек для дронов' }],
      [8, 'view-contents', 'Giant Secure Container', 1],
      [9, 'view-contents', 'Festival Launcher', 1],
    ]);
  });
});

describe('wallet', () => {
  it('reads items from transactions and recognises journal entries as holding none', () => {
    const result = parse(
      '2020.05.06 07:08\tTritanium\t4.50 ISK\t1000\t-4,500.00 ISK\tISK\tSome Seller\tJita IV - Moon 4 - Caldari Navy Assembly Plant',
      "2014.12.19 20:04\tMedium Core Defense Capacitor Safeguard II\t7'999'996.10 ISK\t1\t7'999'996.10 ISK\tISK\tOrmand Ishikela\tJita IV - Moon 4 - Caldari Navy Assembly Plant",
      '2014.01.04 05:49:31\tMarket Escrow\t-251.00 ISK\t325.22 ISK\tMarket escrow authorized by: Me',
    );
    expect(rows(result)).toEqual([
      [1, 'wallet', 'Tritanium', 1000],
      [2, 'wallet', 'Medium Core Defense Capacitor Safeguard II', 1],
    ]);
    expect(result.skipped).toEqual([{ lineNumber: 3, format: 'wallet', reason: 'no-items' }]);
  });
});

describe('survey scanner', () => {
  it('reads ore, quantity and distance, not the distance as anything', () => {
    expect(rows(parse('Plagioclase\t12,000\t8,500 m', 'Veldspar\t3 500\t12 km'))).toEqual([
      [1, 'survey-scanner', 'Plagioclase', 12000],
      [2, 'survey-scanner', 'Veldspar', 3500],
    ]);
  });
});

describe('industry', () => {
  it('reads bills of materials, one unit, and a *N multiplier after them', () => {
    const result = parse(
      'Pyerite (2500 Units)',
      'Tritanium (4662 Units)',
      'Megacyte (1 Unit)',
      'Tritanium (25300 Units)*18733',
      'Strontuim Clathrates (1 Unit)',
    );
    expect(result.items.map((item) => [item.format, item.name, item.typeId, item.quantity])).toEqual([
      ['industry', 'Pyerite', 35, 2500],
      ['industry', 'Tritanium', 34, 4662],
      ['industry', 'Megacyte', 40, 1],
      ['industry', 'Tritanium', 34, 25300 * 18733],
      ['industry', 'Strontuim Clathrates', null, 1],
    ]);
  });

  it('reads the blueprints tab: copies by their runs, originals, the N x prefix, ME never as a quantity', () => {
    const result = parse(
      '2 x Hobgoblin I Blueprint\t10\t20\t-1\t5\tSome Station\tItem hangar\tCombat Drone',
      "Cap Booster 3200 Blueprint\t10\t0\t-1\t2\tNU4-2G - Writer's Workshop\tItem hangar\tCapacitor Booster Charge",
      "Deflection Shield Emitter Blueprint\t10\t20\t-1\t0\tNU4-2G - Writer's Workshop\tItem hangar\tConstruction Components",
      'Victorieux Luxury Yacht Blueprint\t0\t0\t1\tCruiser',
      "2 x Medium Warhead Rigor Catalyst I Blueprint\t0\t0\t-1\t3\tNU4-2G - Writer's Workshop\tItem hangar\tRig Launcher",
    );
    expect(rows(result)).toEqual([
      [1, 'industry', 'Hobgoblin I Blueprint', 2, { blueprint: 'copy', runs: 5 }],
      [2, 'industry', 'Cap Booster 3200 Blueprint', 1, { blueprint: 'copy', runs: 2 }],
      [3, 'industry', 'Deflection Shield Emitter Blueprint', 1, { blueprint: 'original' }],
      [4, 'industry', 'Victorieux Luxury Yacht Blueprint', 1, { blueprint: 'copy', runs: 1 }],
      [5, 'industry', 'Medium Warhead Rigor Catalyst I Blueprint', 2, { blueprint: 'copy', runs: 3 }],
    ]);
  });

  it('reads copied material information, skipping section and column headers', () => {
    const result = parse(
      'Components\t\t\t\t',
      'Item\tRequired\tAvailable\tEst. Unit price\ttypeID',
      'Plasma Thruster\t30\t0\t75199.17\t11530',
      'Fernite Carbide Composite Armor Plate\t294\t0\t14872.75\t11542',
      '',
      'Minerals\t\t\t\t',
      'Item\tRequired\tAvailable\tEst. Unit price\ttypeID',
      'Morphite\t38\t0\t10558.3\t11399',
      '',
      'Items\t\t\t\t',
      'Item\tRequired\tAvailable\tEst. Unit price\ttypeID',
      'Breacher\t1\t0\t393441.48\t598',
      'R.A.M.- Starship Tech\t3\t0\t314.02\t11478',
      '',
      'Optional items\t\t\t\t',
      'Item\tRequired\tAvailable\tEst. Unit price\ttypeID',
      'No item selected\t\t\t\t',
    );
    expect(rows(result)).toEqual([
      [3, 'industry', 'Plasma Thruster', 30],
      [4, 'industry', 'Fernite Carbide Composite Armor Plate', 294],
      [8, 'industry', 'Morphite', 38],
      [12, 'industry', 'Breacher', 1],
      [13, 'industry', 'R.A.M.- Starship Tech', 3],
    ]);
    expect(result.skipped).toHaveLength(9);
    expect(result.unparsed).toEqual([]);
  });
});

describe('contracts', () => {
  it('reads the five-column item list with its details: fitted, damaged, blueprint copies and their runs', () => {
    const result = parse(
      'Vexor\t1\tCruiser\tShip\t',
      'Scorch M\t1\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged',
      'Scorch M\t2\tAdvanced Pulse Laser Crystal\tCharge\t 1% damaged',
      'Armageddon Blueprint\t1\tBattleship Blueprint\tBlueprint\tBLUEPRINT COPY - Runs: 9 - Material Level: 29 - Productivity Level: 0',
      'Typhoon Blueprint\t1\tBattleship Blueprint\tBlueprint\tBLUEPRINT COPY',
      'Zydrine\t10 102\tMineral\tMaterial\t',
      "Rokh\t12'000\tBattleship\tShip\t",
    );
    expect(rows(result)).toEqual([
      [1, 'contract', 'Vexor', 1],
      [2, 'contract', 'Scorch M', 1, { damagePercent: 72, fitted: true }],
      [3, 'contract', 'Scorch M', 2, { damagePercent: 1 }],
      [4, 'contract', 'Armageddon Blueprint', 1, { blueprint: 'copy', runs: 9 }],
      [5, 'contract', 'Typhoon Blueprint', 1, { blueprint: 'copy' }],
      [6, 'contract', 'Zydrine', 10102],
      [7, 'contract', 'Rokh', 12000],
    ]);
    expect(result.kind).toBe('contract');
  });

  it('reads the three-column form, localised names marked with *, and columns a browser turned into spaces', () => {
    const result = parse(
      '5MN Microwarpdrive II\t9000\tPropulsion Module',
      'Hornet EC-300*\t10\tДрон электронного противодействия*\tДрон*\tОтсек для дронов',
      ' Praetor II*\t1\tБоевой дрон*\tДрон*\tОтсек для дронов',
      'Hammerhead II    5    Combat Drone    Drone    ',
    );
    expect(rows(result)).toEqual([
      [1, 'contract', '5MN Microwarpdrive II', 9000],
      [2, 'contract', 'Hornet EC-300', 10],
      [3, 'contract', 'Praetor II', 1],
      [4, 'hangar', 'Hammerhead II', 5],
    ]);
  });

  it('reads contract titles dragged from chat', () => {
    expect(rows(parse('Hammerhead II x 5 (Item Exchange)', 'Zircon x 21163 (Item Exchange) '))).toEqual([
      [1, 'contract', 'Hammerhead II', 5],
      [2, 'contract', 'Zircon', 21163],
    ]);
  });
});

describe('hangar and asset lists', () => {
  it('reads name and quantity with any of the optional columns, and an empty quantity as one', () => {
    const result = parse(
      'Hammerhead II\t5\tCombat Drone\tDrone\t\t\t50 m3\t4 500 000,00 ISK',
      'Warrior II\t9',
      'Damage Control II\t1\tDamage Control\t\tLow\t5 m3',
      'Gyrostabilizer II\t1\tWeapon Upgrade\tModule\tMedium\tLow\t5 m3\t5\t2\t1 500 000.00 ISK',
      'Dominix\t\tBattleship\tShip\t\t\t50 000 м^3',
      'Sleeper Data Library\t1,080',
      "Sleeper Data Library\t1'080",
      'Sleeper Data Library\t1.080',
    );
    expect(rows(result)).toEqual([
      [1, 'hangar', 'Hammerhead II', 5],
      [2, 'hangar', 'Warrior II', 9],
      [3, 'hangar', 'Damage Control II', 1],
      [4, 'hangar', 'Gyrostabilizer II', 1],
      [5, 'hangar', 'Dominix', 1],
      [6, 'hangar', 'Sleeper Data Library', 1080],
      [7, 'hangar', 'Sleeper Data Library', 1080],
      [8, 'hangar', 'Sleeper Data Library', 1080],
    ]);
    expect(result.kind).toBe('hangar');
  });

  it('reads space-grouped quantities with every Unicode space (issue #168: 30 000 was read as 1)', () => {
    const spaces = ['\u0020', '\u00a0', '\u202f', '\u2009', '\u2007', '\u3000'];
    const result = parsePaste(
      spaces.map((space) => `Thorium Charge M\t30${space}000\tHybrid Charge\tCharge\t\t\t375 m3`).join('\n'),
      fakeTypeNames().resolve,
    );
    expect(result.items.map((item) => item.quantity)).toEqual(spaces.map(() => 30000));
  });

  it('marks blueprint copies when a column says so', () => {
    expect(rows(parse('Vexor Blueprint\t1\tCruiser Blueprint\tBlueprint\tBlueprint Copy'))).toEqual([
      [1, 'contract', 'Vexor Blueprint', 1, { blueprint: 'copy' }],
    ]);
    expect(
      rows(parse('Vexor Blueprint\t1\tCruiser Blueprint\tBlueprint\t\tBlueprint Copy (Runs: 4)')),
    ).toEqual([[1, 'hangar', 'Vexor Blueprint', 1, { blueprint: 'copy', runs: 4 }]]);
  });
});

describe('cargo scans', () => {
  it('reads N name, with (Copy) as a blueprint copy and (Original) as an original', () => {
    const result = parse('1 Vexor Blueprint (Copy)', '2 Vexor Blueprint (Original)', '3 Hobgoblin II');
    expect(rows(result)).toEqual([
      [1, 'cargo-scan', 'Vexor Blueprint', 1, { blueprint: 'copy' }],
      [2, 'cargo-scan', 'Vexor Blueprint', 2, { blueprint: 'original' }],
      [3, 'listing', 'Hobgoblin II', 3],
    ]);
    expect(result.merged.map((item) => [item.name, item.quantity, item.flags])).toEqual([
      ['Vexor Blueprint', 1, { blueprint: 'copy' }],
      ['Vexor Blueprint', 2, { blueprint: 'original' }],
      ['Hobgoblin II', 3, {}],
    ]);
  });
});

describe('directional scan', () => {
  it('takes the type column as the item, one per line, whatever the distance', () => {
    const result = parse(
      "Someone's Vexor\tVexor\t1,234 km",
      '+\tNoctis\t3,225 m',
      "some dude's Stabber Fleet Issue\tStabber Fleet Issue\t-",
      'Otanuomi V - Moon 11\tMoon\t10.4 AU',
      '626\tAnother Vexor\tVexor\t12 km',
    );
    expect(rows(result)).toEqual([
      [1, 'directional-scan', 'Vexor', 1],
      [2, 'directional-scan', 'Noctis', 1],
      [3, 'directional-scan', 'Stabber Fleet Issue', 1],
      [4, 'directional-scan', 'Moon', 1],
      [5, 'directional-scan', 'Vexor', 1],
    ]);
    expect(result.merged[0]).toMatchObject({ name: 'Vexor', quantity: 2, lineNumbers: [1, 5] });
  });
});

describe('compare window', () => {
  it('reads one item per line by its meta level column', () => {
    expect(
      rows(parse('Gyrostabilizer II\tTech II\t10 tf\t1 MW', 'Damage Control II\tTech II\t1 tf')),
    ).toEqual([
      [1, 'compare', 'Gyrostabilizer II', 1],
      [2, 'compare', 'Damage Control II', 1],
    ]);
  });
});

describe('mining', () => {
  it('reads the moon ledger, also its clipboard form with header and id columns', () => {
    const result = parse(
      '2021.01.01\tMy Corp\tSome Pilot\tCobaltite\t1,000\t10,000 m³\t5,000,000 ISK',
      'Timestamp\tCorporation\tPilot\tOre Type\tQuantity\tVolume\tEst. Price\tOre TypeID\tSolarSystemID',
      '2021.01.02\tMy Corp\tSome Pilot\tZircon\t2500\t25000\t1234567.5\t45503\t30000142',
    );
    expect(rows(result)).toEqual([
      [1, 'moon-ledger', 'Cobaltite', 1000],
      [3, 'moon-ledger', 'Zircon', 2500],
    ]);
    expect(result.skipped).toEqual([{ lineNumber: 2, format: 'moon-ledger', reason: 'header' }]);
  });

  it('reads the personal mining ledger, summed per ore', () => {
    const result = parse(
      '2021.01.01\tVeldspar\t10,000\t1,000 m³\t150,000 ISK\tJita',
      '2021.01.02\tVeldspar\t5,000\t500 m³\t75,000 ISK\tJita',
    );
    expect(rows(result)).toEqual([
      [1, 'mining-ledger', 'Veldspar', 10000],
      [2, 'mining-ledger', 'Veldspar', 5000],
    ]);
    expect(result.merged).toEqual([
      {
        typeId: TYPE_IDS.Veldspar,
        name: 'Veldspar',
        quantity: 15000,
        flags: {},
        lineNumbers: [1, 2],
        formats: ['mining-ledger'],
      },
    ]);
  });

  it('turns moon extraction volumes into units through the unit volume (issue #110)', () => {
    expect(rows(parse('Cobaltite\t4,226,359 m³\t598,072,180 ISK', 'Zircon\t10 m³\t1 ISK'))).toEqual([
      [1, 'moon-extraction', 'Cobaltite', 422635],
      [2, 'moon-extraction', 'Zircon', 1],
    ]);
  });
});

describe('lists', () => {
  it.each([
    ['Tritanium', 1],
    ['Tritanium 5000', 5000],
    ['Tritanium x 5000', 5000],
    ['Tritanium x5000', 5000],
    ['Tritanium X 5000', 5000],
    ['Tritanium: 5000', 5000],
    ['Tritanium 5000x', 5000],
    ['Tritanium *3', 3],
    ['Tritanium × 5000', 5000],
    ['5000 Tritanium', 5000],
    ['5000x Tritanium', 5000],
    ['5000 x Tritanium', 5000],
    ['5000 X Tritanium', 5000],
    ['5000× Tritanium', 5000],
    ['1 000 Tritanium', 1000],
    ['Tritanium 1 000', 1000],
    ['1 000 000 x Tritanium', 1000000],
    ['Tritanium x 1 234 567', 1234567],
    ['5,000 Tritanium', 5000],
    ['5.000 Tritanium', 5000],
    ["5'000 Tritanium", 5000],
    ['5’000 Tritanium', 5000],
    ['100 Tritanium *3', 300],
    ['  tritanium   5000  ', 5000],
    ['TRITANIUM x 5000', 5000],
  ])('reads %j', (line, quantity) => {
    const result = parse(line);
    expect(result.items.map((item) => [item.name, item.quantity])).toEqual([['Tritanium', quantity]]);
    expect(result.kind).toBe('listing');
  });

  it('keeps numbers that end a name in the name (Navy Cap Booster 400 is not 400 boosters)', () => {
    expect(
      rows(
        parse(
          'Navy Cap Booster 400',
          'Navy Cap Booster 400 10',
          '3 Cap Booster 400',
          '5MN Microwarpdrive II 2',
        ),
      ),
    ).toEqual([
      [1, 'listing', 'Navy Cap Booster 400', 1],
      [2, 'listing', 'Navy Cap Booster 400', 10],
      [3, 'listing', 'Cap Booster 400', 3],
      [4, 'listing', '5MN Microwarpdrive II', 2],
    ]);
  });

  it('reads module, charge pairs, and names that contain a comma', () => {
    expect(
      rows(parse('Heavy Ion Blaster II, Void M', 'Exotic Dancers, Male', 'Exotic Dancers, Male x 4')),
    ).toEqual([
      [1, 'listing', 'Heavy Ion Blaster II', 1],
      [1, 'listing', 'Void M', 1],
      [2, 'listing', 'Exotic Dancers, Male', 1],
      [3, 'listing', 'Exotic Dancers, Male', 4],
    ]);
  });

  it('reads the multibuy and spreadsheet tab forms', () => {
    expect(
      rows(parse('Tritanium\t1000', '177887021\tTritanium', 'Pyerite\t44,461,428\t5.01\t222,752,754.28')),
    ).toEqual([
      [1, 'hangar', 'Tritanium', 1000],
      [2, 'listing', 'Tritanium', 177887021],
      [3, 'hangar', 'Pyerite', 44461428],
    ]);
  });

  it('reads market quickbar exports, folders skipped', () => {
    const result = parse('+ Minerals', '- Tritanium', '- Pyerite', '++ Ships', '-- Vexor', '• Mexallon x 10');
    expect(rows(result)).toEqual([
      [2, 'quickbar', 'Tritanium', 1],
      [3, 'quickbar', 'Pyerite', 1],
      [5, 'quickbar', 'Vexor', 1],
      [6, 'quickbar', 'Mexallon', 10],
    ]);
    expect(result.skipped.map((line) => [line.lineNumber, line.format])).toEqual([
      [1, 'quickbar'],
      [4, 'quickbar'],
    ]);
  });
});

describe('the heuristic', () => {
  it('reads dash-joined lists and positional pieces', () => {
    const result = parse(
      'Procurer x 1- Ice Harvester II x 2',
      'Tritanium  -  5000',
      '1\tHobgoblin II\tjunk\t5',
    );
    expect(rows(result)).toEqual([
      [1, 'heuristic', 'Procurer', 1],
      [1, 'heuristic', 'Ice Harvester II', 2],
      [2, 'heuristic', 'Tritanium', 5000],
      [3, 'heuristic', 'Hobgoblin II', 5],
    ]);
    expect(result.kind).toBe('heuristic');
  });

  it('splits chat lines at commas, pipes and semicolons, each piece with its own quantity', () => {
    expect(rows(parse('WTS: 5x Hammerhead II, 10 Hobgoblin II', 'Tritanium | 5 | 4.5m'))).toEqual([
      [1, 'heuristic', 'Hammerhead II', 5],
      [1, 'heuristic', 'Hobgoblin II', 10],
      [2, 'heuristic', 'Tritanium', 5],
    ]);
  });

  it('offers known names inside prose only as guesses, never as found items', () => {
    const result = parse('please buy 500 Tritanium asap', 'my Hammerhead II died', 'the garbage can is full');
    expect(
      result.items.map((item) => [item.lineNumber, item.typeId, item.name, item.quantity, item.guess]),
    ).toEqual([
      [2, null, 'my Hammerhead II died', 1, { typeId: TYPE_IDS['Hammerhead II'], name: 'Hammerhead II' }],
    ]);
    // A one-word name is not even offered inside prose: the line is an unknown name.
    expect(unparsed(result)).toEqual([
      [1, 'unknown-item'],
      [3, 'unknown-item'],
    ]);
  });
});

describe('names', () => {
  it('finds names in any client language the resolver knows', () => {
    expect(
      rows(
        parse(
          'トリタニウム 1000',
          '三钛合金\t5',
          'Pyérite x 10',
          '2 Großer Skill-Injektor',
          'Gyrostabilisateur II',
        ),
      ),
    ).toEqual([
      [1, 'listing', 'Tritanium', 1000],
      [2, 'hangar', 'Tritanium', 5],
      [3, 'listing', 'Pyerite', 10],
      [4, 'listing', 'Large Skill Injector', 2],
      [5, 'listing', 'Gyrostabilizer II', 1],
    ]);
  });

  it('finds renamed items under their old names, and the aliases players use', () => {
    expect(
      rows(
        parse(
          'Adaptive Invulnerability Field II',
          '2 Skill Injector',
          "Some Pilot's Frozen Corpse",
          'Compact Vorton Tuning System Blueprint',
          'Men’s ’Esquire’ Coat (red/gold)',
        ),
      ),
    ).toEqual([
      [1, 'listing', 'Multispectrum Shield Hardener II', 1],
      [2, 'listing', 'Large Skill Injector', 2],
      [3, 'listing', 'Frozen Corpse', 1],
      [4, 'listing', 'Compact Vorton Tuning System  Blueprint', 1],
      [5, 'listing', "Men's 'Esquire' Coat (red/gold)", 1],
    ]);
  });

  it('asks the resolver once per distinct name', () => {
    const names = fakeTypeNames();
    parsePaste(Array.from({ length: 500 }, () => 'Tritanium\t5').join('\n'), names.resolve);
    expect(names.asked.filter((name) => name === 'Tritanium')).toHaveLength(1);
  });
});

describe('mixed pastes', () => {
  it('reads each line in its own format and names the paste after the format with most lines', () => {
    const result = parse(
      'Hammerhead II\t5\tCombat Drone\tDrone\t\t\t50 m3\t4 500 000,00 ISK',
      'Tritanium\t1,000\tMineral\tMaterial\t\t\t10 m3\t5 000,00 ISK',
      '3 Hobgoblin II',
      'Pyerite (2500 Units)',
      'Gyrostabilizer II\tWeapon Upgrade\tLow Slot\t2',
      'Tritanium x 500',
      '12:01:02 Some Pilot has looted 40 x Scourge Light Missile',
      'Hammerhead II\t2',
    );
    expect(result.items.map((item) => item.format)).toEqual([
      'hangar',
      'hangar',
      'listing',
      'industry',
      'view-contents',
      'listing',
      'loot-history',
      'hangar',
    ]);
    expect(result.kind).toBe('hangar');
    expect(result.formats).toEqual([
      { format: 'hangar', lines: 3 },
      { format: 'listing', lines: 2 },
      { format: 'industry', lines: 1 },
      { format: 'view-contents', lines: 1 },
      { format: 'loot-history', lines: 1 },
    ]);
    expect(result.merged.map((item) => [item.name, item.quantity, item.lineNumbers, item.formats])).toEqual([
      ['Hammerhead II', 7, [1, 8], ['hangar']],
      ['Tritanium', 1500, [2, 6], ['hangar', 'listing']],
      ['Hobgoblin II', 3, [3], ['listing']],
      ['Pyerite', 2500, [4], ['industry']],
      ['Gyrostabilizer II', 2, [5], ['view-contents']],
      ['Scourge Light Missile', 40, [7], ['loot-history']],
    ]);
  });

  it('merges what prices the same, and keeps copies, damaged items and killmail fates apart', () => {
    const result = parse(
      '2021.03.04 12:34',
      'Destroyed items:',
      'Hobgoblin II, Qty: 2 (Drone Bay)',
      'Hobgoblin II, Qty: 3 (Cargo)',
      'Dropped items:',
      'Hobgoblin II (Cargo)',
    );
    expect(result.merged.map((item) => [item.name, item.quantity, item.flags])).toEqual([
      ['Hobgoblin II', 5, { fate: 'destroyed' }],
      ['Hobgoblin II', 1, { fate: 'dropped' }],
    ]);
    const contract = parse(
      'Scorch M\t1\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged',
      'Scorch M\t2\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged',
      'Scorch M\t3\tAdvanced Pulse Laser Crystal\tCharge\t',
      'Vexor Blueprint\t1\tCruiser Blueprint\tBlueprint\tBLUEPRINT COPY - Runs: 9',
      'Vexor Blueprint\t1\tCruiser Blueprint\tBlueprint\t',
    );
    expect(contract.merged.map((item) => [item.name, item.quantity, item.flags])).toEqual([
      ['Scorch M', 3, { damagePercent: 72 }],
      ['Scorch M', 3, {}],
      ['Vexor Blueprint', 1, { blueprint: 'copy', runs: 9 }],
      ['Vexor Blueprint', 1, {}],
    ]);
  });
});

describe('unknown items and lines that do not parse', () => {
  it('keeps unknown names where the format leaves no doubt, and reports them where it does', () => {
    const result = parse(
      'Hammerhead III\t5\tCombat Drone\tDrone\t',
      'Foo Bar x 5',
      'Hobgoblin II\t0',
      'Tritanium 0',
      'just some words',
      '!!!',
      'Tritanium x 5',
    );
    expect(result.items.map((item) => [item.lineNumber, item.name, item.typeId, item.quantity])).toEqual([
      [1, 'Hammerhead III', null, 5],
      [7, 'Tritanium', 34, 5],
    ]);
    expect(result.unparsed).toEqual([
      {
        lineNumber: 2,
        text: 'Foo Bar x 5',
        reason: 'unknown-item',
        message: '"Foo Bar" is not a known item.',
        name: 'Foo Bar',
        quantity: 5,
      },
      {
        lineNumber: 3,
        text: 'Hobgoblin II\t0',
        reason: 'invalid-quantity',
        message: 'Quantity "0" is not a whole number of at least 1.',
      },
      {
        lineNumber: 4,
        text: 'Tritanium 0',
        reason: 'invalid-quantity',
        message: 'Quantity "0" is not a whole number of at least 1.',
      },
      {
        lineNumber: 5,
        text: 'just some words',
        reason: 'unknown-item',
        message: '"just some words" is not a known item.',
        name: 'just some words',
        quantity: 1,
      },
      { lineNumber: 6, text: '!!!', reason: 'unknown-item', message: '"!!!" is not a known item.' },
    ]);
    expect(result.merged.map((item) => [item.name, item.typeId])).toEqual([
      ['Hammerhead III', null],
      ['Tritanium', 34],
    ]);
  });

  it('says so when nothing at all could be read', () => {
    const result = parse('hello', 'world');
    expect(result.items).toEqual([]);
    expect(result.kind).toBeNull();
    expect(result.problem).toEqual({ code: 'nothing-parsed', message: 'No valid lines found.' });
    expect(result.unparsed).toHaveLength(2);
  });

  it('reports a moon extraction row it cannot turn into units', () => {
    const result = parsePaste('Cobaltite\t4,226,359 m³\t598,072,180 ISK', (name) =>
      name.toLowerCase() === 'cobaltite' ? { typeId: 45494, name: 'Cobaltite' } : null,
    );
    expect(result.unparsed.map((line) => line.message)).toEqual([
      'Quantity "4,226,359 m³" cannot be turned into units: the unit volume is unknown.',
    ]);
  });
});

describe('flags', () => {
  it('are plain data the API can serialise', () => {
    const result = parse(
      'Armageddon Blueprint\t1\tBattleship Blueprint\tBlueprint\tBLUEPRINT COPY - Runs: 9',
    );
    const flags: PasteItemFlags = JSON.parse(JSON.stringify(result.items[0]!.flags));
    expect(flags).toEqual({ blueprint: 'copy', runs: 9 });
  });
});
