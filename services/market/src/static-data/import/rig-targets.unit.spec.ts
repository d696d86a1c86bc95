import { RIG_TARGETS, rigEffectMeaning } from './rig-targets';

describe('rig effect meaning', () => {
  it('reads manufacturing rigs: product class and bonus kind', () => {
    expect(rigEffectMeaning('rigEquipmentManufactureMaterialBonus')).toEqual({
      activity: 'manufacturing',
      bonus: 'material',
      target: 'equipment',
    });
    expect(rigEffectMeaning('rigMediumshipsManufactureTimeBonus')).toEqual({
      activity: 'manufacturing',
      bonus: 'time',
      target: 'basicMediumShip',
    });
    expect(rigEffectMeaning('rigAdvLarShipManufactureTimeBonus')?.target).toBe('advancedLargeShip');
    expect(rigEffectMeaning('rigAdvCapComponentManufactureMaterialBonus')?.target).toBe(
      'advancedCapitalComponent',
    );
  });

  it('reads the Thukker variants as the same product class', () => {
    expect(rigEffectMeaning('rigThukkerBasCapCompManufactureMaterialBonus')).toEqual({
      activity: 'manufacturing',
      bonus: 'material',
      target: 'basicCapitalComponent',
    });
    expect(rigEffectMeaning('rigThukkerAdvCapCompManufactureMaterialBonus')?.target).toBe(
      'advancedCapitalComponent',
    );
  });

  it('reads research, copying and invention rigs as applying to every blueprint', () => {
    expect(rigEffectMeaning('rigInventionCostBonus')).toEqual({
      activity: 'invention',
      bonus: 'cost',
      target: 'all',
    });
    expect(rigEffectMeaning('rigMEResearchTimeBonus')).toEqual({
      activity: 'researchMaterial',
      bonus: 'time',
      target: 'all',
    });
    expect(rigEffectMeaning('rigTEResearchCostBonus')?.activity).toBe('researchTime');
    expect(rigEffectMeaning('rigCopyTimeBonus')?.activity).toBe('copying');
  });

  it('reads reactor rigs', () => {
    expect(rigEffectMeaning('rigReactionCompMatBonus')).toEqual({
      activity: 'reaction',
      bonus: 'material',
      target: 'compositeReaction',
    });
    expect(rigEffectMeaning('rigReactionHybTimeBonus')).toEqual({
      activity: 'reaction',
      bonus: 'time',
      target: 'hybridReaction',
    });
    expect(rigEffectMeaning('rigReactionBioMatBonus')?.target).toBe('biochemicalReaction');
  });

  it('ignores other effects', () => {
    expect(rigEffectMeaning('rigSlot')).toBeNull();
    expect(rigEffectMeaning('structureEngineeringRigSecurityModification')).toBeNull();
    expect(rigEffectMeaning('structureConversionRigManufacturingMaterialBonus')).toBeNull();
    expect(rigEffectMeaning('rigUnknownThingManufactureMaterialBonus')).toBeNull();
  });

  it('has a target for every class it can name', () => {
    const named = [
      'Equipment',
      'Ammo',
      'Drone',
      'Smallship',
      'Mediumship',
      'Mediumships',
      'Largeship',
      'AdvSmship',
      'AdvMedShip',
      'AdvLarShip',
      'CapShip',
      'AllShip',
      'AdvComponent',
      'AdvCapComponent',
      'AdvCapComp',
      'BasCapComp',
      'Structure',
    ].map((name) => rigEffectMeaning(`rig${name}ManufactureMaterialBonus`)!.target);
    for (const target of [...named, 'all', 'compositeReaction', 'hybridReaction', 'biochemicalReaction']) {
      expect(RIG_TARGETS[target]).toBeDefined();
    }
  });
});
