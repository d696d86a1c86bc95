import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A tiny SDE in the classic YAML layout, shaped like the real files (same keys, nesting and quirks), for tests of
 * the import pipeline that must not take half a minute: The Forge with Jita - Perimeter - New Caldari, a stargate
 * from Perimeter to Ikami in Lonetrek, a wormhole system, a few types in three languages, the Rifter Blueprint, a
 * reaction formula, one engineering rig and the Raitaru. `mini-jsonl-sde.fixture.ts` holds the same content in
 * CCP's JSON Lines layout.
 */
export function writeMiniSde(root: string): string {
  const sde = join(root, 'sde');
  const files: Record<string, string> = {
    'fsd/categories.yaml': `4:
  name:
    de: Material
    en: Material
  published: true
6:
  name:
    en: Ship
  published: true
9:
  name:
    en: Blueprint
  published: true
24:
  name:
    de: Reaktion
    en: Reaction
  published: true
65:
  name:
    en: Structure
  published: true
66:
  name:
    en: Structure Module
  published: true
`,
    'fsd/groups.yaml': `18:
  anchorable: false
  categoryID: 4
  name:
    de: Mineral
    en: Mineral
  published: true
25:
  categoryID: 6
  name:
    en: Frigate
  published: true
105:
  categoryID: 9
  name:
    en: Frigate Blueprint
  published: true
1888:
  categoryID: 24
  name:
    en: Composite Reaction Formulas
  published: true
1404:
  categoryID: 65
  name:
    en: Engineering Complex
  published: true
1816:
  categoryID: 66
  name:
    en: Structure Engineering Rig M - Equipment ME
  published: true
`,
    'fsd/metaGroups.yaml': `1:
  nameID:
    de: Tech I
    en: Tech I
`,
    'fsd/iconIDs.yaml': `22:
  description: Minerals
  iconFile: res:/ui/texture/icons/22_32_1.png
`,
    'fsd/marketGroups.yaml': `533:
  descriptionID:
    en: Raw materials
  hasTypes: false
  nameID:
    de: Materialien
    en: Materials
1857:
  descriptionID:
    en: Minerals are refined from ore
  hasTypes: true
  iconID: 22
  nameID:
    en: Minerals
  parentGroupID: 533
64:
  hasTypes: true
  nameID:
    en: Standard Frigates
`,
    'fsd/dogmaAttributes.yaml': `1547:
  attributeID: 1547
  defaultValue: 0.0
  name: rigSize
1970:
  defaultValue: 0.0
  name: disallowInHighSec
2355:
  defaultValue: 1.0
  name: hiSecModifier
2356:
  defaultValue: 1.0
  name: lowSecModifier
2357:
  defaultValue: 1.0
  name: nullSecModifier
2593:
  name: attributeEngRigTimeBonus
2594:
  name: attributeEngRigMatBonus
2595:
  name: attributeEngRigCostBonus
2600:
  name: strEngMatBonus
2601:
  name: strEngCostBonus
2602:
  name: strEngTimeBonus
`,
    'fsd/dogmaEffects.yaml': `2663:
  effectID: 2663
  effectName: rigSlot
6805:
  effectID: 6805
  effectName: rigEquipmentManufactureMaterialBonus
  modifierInfo:
  - domain: structureID
    func: ItemModifier
    modifiedAttributeID: 2538
    modifyingAttributeID: 2594
    operation: 6
`,
    'fsd/types.yaml': `34:
  basePrice: 2.0
  description:
    de: Der Grundbaustein
    en: The main building block in space structures.
  groupID: 18
  iconID: 22
  marketGroupID: 1857
  name:
    de: Tritanium
    en: Tritanium
    ja: トリタニウム
  portionSize: 1
  published: true
  volume: 0.01
35:
  groupID: 18
  marketGroupID: 1857
  name:
    de: Pyerit
    en: Pyerite
  portionSize: 1
  published: true
  volume: 0.01
587:
  groupID: 25
  marketGroupID: 64
  metaGroupID: 1
  name:
    de: Rifter
    en: Rifter
  portionSize: 1
  published: true
  volume: 27289.0
691:
  groupID: 105
  name:
    en: Rifter Blueprint
  portionSize: 1
  published: true
  volume: 0.01
3645:
  groupID: 18
  name:
    de: Wasser
    en: Water
  portionSize: 1
  published: false
  volume: 0.25
35825:
  groupID: 1404
  name:
    en: Raitaru
  portionSize: 1
  published: true
  volume: 8000.0
46166:
  basePrice: 10000000.0
  groupID: 1888
  name:
    de: Formel für die Caesarium-Cadmid-Reaktion
    en: Caesarium Cadmide Reaction Formula
  portionSize: 1
  published: true
  volume: 0.01
43920:
  description:
    en: 'The Standup M-Set Equipment Manufacturing Material Efficiency I rig provides a means for structure operators
      to decrease material requirements manufacturing ship modules.'
  groupID: 1816
  name:
    en: Standup M-Set Equipment Manufacturing Material Efficiency I
  portionSize: 1
  published: true
  volume: 5.0
`,
    'fsd/typeDogma.yaml': `34:
  dogmaAttributes:
  - attributeID: 161
    value: 0.01
  dogmaEffects: []
35825:
  dogmaAttributes:
  - attributeID: 1547
    value: 2.0
  - attributeID: 2600
    value: 0.99
  - attributeID: 2601
    value: 0.97
  - attributeID: 2602
    value: 0.85
  dogmaEffects: []
43920:
  dogmaAttributes:
  - attributeID: 1547
    value: 2.0
  - attributeID: 2355
    value: 1.0
  - attributeID: 2356
    value: 1.9
  - attributeID: 2357
    value: 2.1
  - attributeID: 2593
    value: 0.0
  - attributeID: 2594
    value: -2.0
  - attributeID: 2595
    value: 0.0
  dogmaEffects:
  - effectID: 2663
    isDefault: false
  - effectID: 6805
    isDefault: false
`,
    'fsd/blueprints.yaml': `691:
  activities:
    copying:
      time: 4800
    invention:
      materials:
      - quantity: 2
        typeID: 20411
      products:
      - probability: 0.3
        quantity: 1
        typeID: 11379
      skills:
      - level: 1
        typeID: 3402
      time: 63900
    manufacturing:
      materials:
      - quantity: 32000
        typeID: 34
      - quantity: 6000
        typeID: 35
      products:
      - quantity: 1
        typeID: 587
      skills:
      - level: 1
        typeID: 3380
      time: 6000
    research_material:
      time: 2100
    research_time:
      time: 2100
  blueprintTypeID: 691
  maxProductionLimit: 30
46166:
  activities:
    reaction:
      materials:
      - quantity: 100
        typeID: 16640
      - quantity: 100
        typeID: 16643
      - quantity: 5
        typeID: 4312
      products:
      - quantity: 200
        typeID: 16663
      skills:
      - level: 1
        typeID: 45746
      time: 10800
  blueprintTypeID: 46166
  maxProductionLimit: 1
`,
    'bsd/invNames.yaml': `- itemID: 1
  itemName: EVE System
- itemID: 10000002
  itemName: The Forge
- itemID: 10000016
  itemName: Lonetrek
- itemID: 11000001
  itemName: A-R00001
- itemID: 20000020
  itemName: Kimotoro
- itemID: 20000135
  itemName: Mivora
- itemID: 21000001
  itemName: A-C00311
- itemID: 30000142
  itemName: Jita
- itemID: 30000144
  itemName: Perimeter
- itemID: 30000145
  itemName: New Caldari
- itemID: 30001360
  itemName: Ikami
- itemID: 31000005
  itemName: J055520
- itemID: 60003760
  itemName: Jita IV - Moon 4 - Caldari Navy Assembly Plant
`,
    'bsd/staStations.yaml': `- constellationID: 20000020
  regionID: 10000002
  security: 0.9459131166648389
  solarSystemID: 30000142
  stationID: 60003760
  stationName: Jita IV - Moon 4 - Caldari Navy Assembly Plant
  stationTypeID: 1531
`,
    'universe/eve/TheForge/region.yaml': 'nameID: 267686\nregionID: 10000002\n',
    'universe/eve/TheForge/Kimotoro/constellation.yaml': 'constellationID: 20000020\nradius: 1.0\n',
    'universe/eve/TheForge/Kimotoro/Jita/solarsystem.yaml': system(30000142, 0.945913116665, {
      50001248: 50000802,
    }),
    'universe/eve/TheForge/Kimotoro/Perimeter/solarsystem.yaml': system(30000144, 0.9527, {
      50000802: 50001248,
      50000803: 50000900,
      50000804: 50009501,
    }),
    'universe/eve/TheForge/Kimotoro/NewCaldari/solarsystem.yaml': system(30000145, 0.9742, {
      50000900: 50000803,
    }),
    'universe/eve/Lonetrek/region.yaml': 'nameID: 267700\nregionID: 10000016\n',
    'universe/eve/Lonetrek/Mivora/constellation.yaml': 'constellationID: 20000135\nradius: 1.0\n',
    'universe/eve/Lonetrek/Mivora/Ikami/solarsystem.yaml': system(30001360, 0.6321, {
      50009501: 50000804,
    }),
    'universe/wormhole/A-R00001/region.yaml': 'regionID: 11000001\n',
    'universe/wormhole/A-R00001/A-C00311/constellation.yaml': 'constellationID: 21000001\n',
    'universe/wormhole/A-R00001/A-C00311/J055520/solarsystem.yaml': system(31000005, -0.99, {}),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(sde, path)), { recursive: true });
    writeFileSync(join(sde, path), text);
  }
  return sde;
}

function system(systemId: number, security: number, gates: Record<number, number>): string {
  const stargates = Object.entries(gates)
    .map(
      ([gate, destination]) =>
        `  ${gate}:\n    destination: ${destination}\n    position:\n    - 1.0\n    typeID: 16\n`,
    )
    .join('');
  return `border: true
planets:
  40009077:
    celestialIndex: 1
    statistics:
      density: 1.0
security: ${security}
securityClass: B
solarSystemID: ${systemId}
${stargates ? `stargates:\n${stargates}` : ''}sunTypeID: 3796
`;
}
