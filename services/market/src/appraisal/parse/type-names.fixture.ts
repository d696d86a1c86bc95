import type { ResolvedTypeName, TypeNameResolver } from './paste.types';

/** Real SDE types (id, English name, m³ per unit) the paste tests use. */
const TYPES: readonly (readonly [string, number, number])[] = [
  ['Tritanium', 34, 0.01],
  ['Pyerite', 35, 0.01],
  ['Mexallon', 36, 0.01],
  ['Isogen', 37, 0.01],
  ['Nocxium', 38, 0.01],
  ['Zydrine', 39, 0.01],
  ['Megacyte', 40, 0.01],
  ['Morphite', 11399, 0.01],
  ['Dominix', 645, 454500],
  ['Vexor', 626, 115000],
  ['Vexor Blueprint', 971, 0.01],
  ['Rifter', 587, 27289],
  ['Caracal', 621, 92000],
  ['Hurricane', 24702, 216000],
  ['Rokh', 24688, 470000],
  ['Scimitar', 11978, 89000],
  ['Procurer', 17480, 150000],
  ['Noctis', 2998, 270000],
  ['Thrasher', 16242, 43000],
  ['Tayra', 649, 270000],
  ['Stabber Fleet Issue', 17713, 101000],
  ['Breacher', 598, 20000],
  ['Hammerhead II', 2185, 10],
  ['Hobgoblin II', 2456, 5],
  ['Hobgoblin I Blueprint', 2455, 0.01],
  ['Warrior II', 2488, 5],
  ['Garde II', 28211, 25],
  ['Bouncer II', 28215, 25],
  ['Praetor II', 2195, 25],
  ['Hornet EC-300', 23707, 5],
  ['Heavy Ion Blaster II', 3138, 10],
  ['Void M', 12789, 0.0125],
  ['Null M', 12785, 0.0125],
  ['Antimatter Charge M', 230, 0.0125],
  ['Thorium Charge M', 227, 0.0125],
  ['Scorch M', 12818, 1],
  ['Gyrostabilizer II', 519, 5],
  ['Damage Control II', 2048, 5],
  ['Drone Damage Amplifier II', 4405, 5],
  ['Medium Armor Repairer II', 3530, 10],
  ['Medium Shield Extender II', 3831, 10],
  ['Large Shield Extender II', 3841, 20],
  ['Heavy Missile Launcher II', 2410, 10],
  ['Multispectrum Shield Hardener II', 2281, 5],
  ['Dread Guristas EM Shield Amplifier', 14043, 5],
  ['Caldari Navy Scourge Heavy Missile', 27441, 0.03],
  ['Scourge Light Missile', 210, 0.015],
  ['Ice Harvester II', 22229, 5],
  ['Navy Cap Booster 400', 32006, 12],
  ['Cap Booster 400', 11287, 16],
  ['Large Skill Injector', 40520, 0.01],
  ['Frozen Corpse', 10041, 2],
  ['Helium Isotopes', 16274, 0.03],
  ['Nitrogen Isotopes', 17888, 0.03],
  ['Bacteria', 2393, 0.19],
  ['Aqueous Liquids', 2268, 0.005],
  ['Plagioclase', 18, 0.35],
  ['Veldspar', 1230, 0.1],
  ['Cobaltite', 45494, 10],
  ['Zircon', 45503, 10],
  ['Compressed Vivid Hemorphite', 62545, 0.03],
  ['Armageddon Blueprint', 997, 0.01],
  ['Typhoon Blueprint', 998, 0.01],
  ['Cap Booster 3200 Blueprint', 41598, 0.01],
  ['Deflection Shield Emitter Blueprint', 17346, 0.01],
  ['Victorieux Luxury Yacht Blueprint', 34591, 0.01],
  ['Medium Warhead Rigor Catalyst I Blueprint', 31647, 0.01],
  ['Plasma Thruster', 11530, 1],
  ['Fernite Carbide Composite Armor Plate', 11542, 1],
  ['Construction Blocks', 3828, 0.75],
  ['R.A.M.- Starship Tech', 11478, 0.04],
  ['Datacore - Mechanical Engineering', 20424, 0.1],
  ['Datacore - Minmatar Starship Engineering', 20172, 0.1],
  ['Storm Command Center', 2550, 1000],
  ['Medium Core Defense Capacitor Safeguard II', 31772, 10],
  ['Giant Secure Container', 11489, 3000],
  ['Large Micro Jump Drive', 4383, 10],
  ['Power Diagnostic System II', 1541, 5],
  ['Medium Armor Maintenance Bot I', 23709, 10],
  ['Festival Launcher', 19660, 20],
  ['Sleeper Data Library', 30745, 0.1],
  ['Exotic Dancers, Male', 4358, 1],
  ['Compact Vorton Tuning System  Blueprint', 54874, 0.01],
  ['Garbage', 41, 0.25],
  ['Moon', 14, 1],
  ['Planet (Temperate)', 11, 1],
  ['Tengu Defensive - Supplemental Screening', 45590, 40],
  ["Men's 'Esquire' Coat (red/gold)", 4238, 0.1],
  ['Mordu’s Special Warfare Unit Operative', 33864, 19700],
  ['Encrypted ‘Istina’ Data', 81352, 0.01],
  ['5MN Microwarpdrive II', 440, 10],
  ['PLEX', 44992, 0.0002],
  ['Tengu', 29984, 92000],
  ['Tengu Offensive - Accelerated Ejection Bay', 45601, 40],
  ['10MN Afterburner I', 12056, 25],
  ['Cerebral Accelerator', 50091, 1],
  ['Guardian', 11987, 115000],
];

/** Names the SDE gives the same types in other client languages. */
const TRANSLATIONS: readonly (readonly [string, number])[] = [
  ['トリタニウム', 34],
  ['三钛合金', 34],
  ['Pyérite', 35],
  ['Pierita', 35],
  ['Großer Skill-Injektor', 40520],
  ['Gyrostabilisateur II', 519],
  ['Contrôle des dégâts II', 2048],
];

export const TYPE_IDS: Readonly<Record<string, number>> = Object.fromEntries(
  TYPES.map(([name, typeId]) => [name, typeId]),
);

function key(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

export interface FakeTypeNames {
  readonly resolve: TypeNameResolver;
  /** Every name the resolver was asked for, in order. */
  readonly asked: string[];
}

/** A resolver like the static data's: case-insensitive, inner whitespace collapsed, every language. */
export function fakeTypeNames(): FakeTypeNames {
  const byName = new Map<string, ResolvedTypeName>();
  for (const [name, typeId, volume] of TYPES) byName.set(key(name), { typeId, name, volume });
  for (const [name, typeId] of TRANSLATIONS) {
    const english = TYPES.find(([, id]) => id === typeId)!;
    byName.set(key(name), { typeId, name: english[0], volume: english[2] });
  }
  const asked: string[] = [];
  return {
    asked,
    resolve: (name) => {
      asked.push(name);
      return byName.get(key(name)) ?? null;
    },
  };
}
