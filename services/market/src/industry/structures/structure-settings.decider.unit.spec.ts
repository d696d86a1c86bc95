import { MAX_SAVED_STRUCTURES, type IndustryStructureEvent } from '@tradewise/contracts';
import {
  StructureRuleViolation,
  decideStructureSettings,
  evolveStructureSettings,
  initialStructureSettings,
  jobStructuresToName,
  structureSettingsView,
  usedStructures,
  type NewStructure,
  type StructureSettingsCommand,
  type StructureSettingsState,
} from './structure-settings.decider';

const SOTIYO: NewStructure = {
  facilityId: 1_035_466_617_946,
  name: 'Tama - Forge of Plenty',
  securityStatus: 'LOW',
  rig1TypeId: 37180,
  rig2TypeId: null,
  rig3TypeId: null,
};
const ATHANOR: NewStructure = {
  facilityId: null,
  name: 'Amamake - Reactor One',
  securityStatus: 'LOW',
  rig1TypeId: 46487,
  rig2TypeId: 46485,
  rig3TypeId: null,
};

const save = (structure: NewStructure): StructureSettingsCommand => ({ type: 'SaveStructure', structure });

function given(...commands: StructureSettingsCommand[]): StructureSettingsState {
  return commands.reduce(
    (state, command) => decideStructureSettings(state, command).reduce(evolveStructureSettings, state),
    initialStructureSettings,
  );
}

function when(state: StructureSettingsState, command: StructureSettingsCommand): IndustryStructureEvent[] {
  return decideStructureSettings(state, command);
}

function refused(state: StructureSettingsState, command: StructureSettingsCommand): StructureRuleViolation {
  try {
    decideStructureSettings(state, command);
  } catch (error) {
    if (error instanceof StructureRuleViolation) return error;
    throw error;
  }
  throw new Error('the command was accepted');
}

describe('structure settings decider', () => {
  it('given nothing, when a structure is saved, then it gets id 1 and is listed with its rigs', () => {
    expect(when(initialStructureSettings, save(SOTIYO))).toEqual([
      { type: 'IndustryStructureSaved', data: { structureId: 1, ...SOTIYO } },
    ]);
    expect(structureSettingsView(given(save(SOTIYO)))).toEqual({
      structures: [{ id: 1, ...SOTIYO }],
      usedStructures: [],
    });
  });

  it('given a saved structure, when another is saved, then ids keep counting and the list keeps its order', () => {
    const state = given(save(SOTIYO), save(ATHANOR));
    expect(
      structureSettingsView(state).structures.map((structure) => [structure.id, structure.name]),
    ).toEqual([
      [1, 'Tama - Forge of Plenty'],
      [2, 'Amamake - Reactor One'],
    ]);
  });

  it('given a saved structure, when the same name or game id is saved again, then it is refused', () => {
    const state = given(save(SOTIYO));
    const sameName = refused(state, save({ ...ATHANOR, name: 'TAMA - forge of plenty' }));
    expect(sameName).toMatchObject({ code: 'STRUCTURE_ALREADY_SAVED' });
    expect(sameName.message).toBe("A structure named 'TAMA - forge of plenty' is already saved.");
    expect(refused(state, save({ ...ATHANOR, facilityId: SOTIYO.facilityId })).message).toBe(
      'The structure 1035466617946 is already saved.',
    );
    // Two structures typed without a game id are told apart by name.
    expect(when(given(save(ATHANOR)), save({ ...ATHANOR, name: 'Amamake - Reactor Two' }))).toHaveLength(1);
  });

  it(`given ${MAX_SAVED_STRUCTURES} saved structures, when one more is saved, then it is refused`, () => {
    const many = Array.from({ length: MAX_SAVED_STRUCTURES }, (_, index) =>
      save({ ...ATHANOR, name: `Amamake - Reactor ${index}` }),
    );
    const violation = refused(given(...many), save(SOTIYO));
    expect(violation).toMatchObject({ code: 'TOO_MANY_STRUCTURES' });
  });

  it('given a saved structure, when its security and a rig change, then only what changed is recorded', () => {
    const state = given(save(SOTIYO));
    const changes = { securityStatus: 'NULL', rig1TypeId: 37180, rig2TypeId: 37181 } as const;
    expect(when(state, { type: 'ChangeStructure', structureId: 1, changes })).toEqual([
      {
        type: 'IndustryStructureChanged',
        data: { structureId: 1, securityStatus: 'NULL', rig2TypeId: 37181 },
      },
    ]);
    const changed = given(save(SOTIYO), { type: 'ChangeStructure', structureId: 1, changes });
    expect(structureSettingsView(changed).structures).toEqual([
      { id: 1, ...SOTIYO, securityStatus: 'NULL', rig2TypeId: 37181 },
    ]);
    // A rig of null removes it; asking for what is already there records nothing.
    expect(
      when(changed, {
        type: 'ChangeStructure',
        structureId: 1,
        changes: { rig1TypeId: null, securityStatus: 'NULL' },
      }),
    ).toEqual([{ type: 'IndustryStructureChanged', data: { structureId: 1, rig1TypeId: null } }]);
    expect(
      when(changed, { type: 'ChangeStructure', structureId: 1, changes: { securityStatus: 'NULL' } }),
    ).toEqual([]);
  });

  it('given a removed structure, then it is no longer listed, is offered as used, and can be saved again', () => {
    const state = given(save(SOTIYO), save(ATHANOR), { type: 'RemoveStructure', structureId: 1 });
    expect(structureSettingsView(state)).toEqual({
      structures: [{ id: 2, ...ATHANOR }],
      usedStructures: [{ facilityId: SOTIYO.facilityId, name: SOTIYO.name }],
    });
    expect(when(state, save(SOTIYO))).toEqual([
      { type: 'IndustryStructureSaved', data: { structureId: 3, ...SOTIYO } },
    ]);
    expect(
      structureSettingsView(
        given(save(SOTIYO), save(ATHANOR), { type: 'RemoveStructure', structureId: 1 }, save(SOTIYO)),
      ).usedStructures,
    ).toEqual([]);
  });

  it("given another account's or a removed id, when it is changed or removed, then it is not found", () => {
    const state = given(save(SOTIYO), { type: 'RemoveStructure', structureId: 1 });
    for (const command of [
      { type: 'RemoveStructure', structureId: 1 },
      { type: 'RemoveStructure', structureId: 2119000013 },
      { type: 'ChangeStructure', structureId: 1, changes: { securityStatus: 'HIGH' } },
    ] as const) {
      const violation = refused(state, command);
      expect(violation.code).toBe('STRUCTURE_NOT_FOUND');
    }
    expect(refused(state, { type: 'RemoveStructure', structureId: 7 }).message).toBe(
      'No saved structure has the id 7.',
    );
  });

  it('evolves idempotently over events of structures it does not hold', () => {
    const state = given(save(SOTIYO));
    expect(
      evolveStructureSettings(state, {
        type: 'IndustryStructureChanged',
        data: { structureId: 9, securityStatus: 'HIGH' },
      }),
    ).toBe(state);
    expect(
      evolveStructureSettings(state, { type: 'IndustryStructureRemoved', data: { structureId: 9 } }),
    ).toBe(state);
  });
});

describe('structures jobs ran in, offered as used', () => {
  const JITA_4_4 = 60_003_760; // an NPC station: no Structure Settings
  const AZBEL = 1_040_000_000_001;
  const RAITARU = 1_040_000_000_002;
  const ranIn = (facilityId: number, name: string) => ({ facilityId, name });

  it('given nothing saved, when jobs ran in two structures and a station, then both structures are named once each', () => {
    expect(jobStructuresToName(initialStructureSettings, [RAITARU, JITA_4_4, AZBEL, RAITARU])).toEqual([
      AZBEL,
      RAITARU,
    ]);
    const named = [ranIn(RAITARU, 'Tama - Raitaru'), ranIn(AZBEL, 'Amamake - Azbel')];
    expect(structureSettingsView(initialStructureSettings, named)).toEqual({
      structures: [],
      usedStructures: [ranIn(AZBEL, 'Amamake - Azbel'), ranIn(RAITARU, 'Tama - Raitaru')],
    });
  });

  it('given a removed structure the user named, when jobs ran in it, then it is offered under the name the user gave', () => {
    const state = given(save(SOTIYO), { type: 'RemoveStructure', structureId: 1 });
    expect(jobStructuresToName(state, [SOTIYO.facilityId!, AZBEL])).toEqual([AZBEL]);
    expect(
      usedStructures(state, [
        ranIn(SOTIYO.facilityId!, 'Tama - Sotiyo as ESI names it'),
        ranIn(AZBEL, 'Amamake - Azbel'),
      ]),
    ).toEqual([ranIn(AZBEL, 'Amamake - Azbel'), ranIn(SOTIYO.facilityId!, SOTIYO.name)]);
  });

  it('given a saved structure, when jobs ran in it, then it is not offered: by its game id or by its name', () => {
    const state = given(save(SOTIYO), save({ ...ATHANOR, name: 'Amamake - Azbel' }));
    expect(jobStructuresToName(state, [SOTIYO.facilityId!, AZBEL])).toEqual([AZBEL]);
    expect(
      usedStructures(state, [
        ranIn(SOTIYO.facilityId!, 'Tama - Other name'),
        ranIn(AZBEL, 'AMAMAKE - azbel'),
      ]),
    ).toEqual([]);
  });

  it('given a structure saved now under another name, when an old saved one has its game id, then neither is offered', () => {
    const state = given(
      save(SOTIYO),
      { type: 'RemoveStructure', structureId: 1 },
      save({ ...SOTIYO, name: 'Tama - Renamed' }),
    );
    expect(usedStructures(state, [])).toEqual([]);
  });

  it('given names that are not Upwell structures or repeat one offered, then they are left out', () => {
    expect(
      usedStructures(initialStructureSettings, [
        ranIn(JITA_4_4, 'Jita IV - Moon 4 - Caldari Navy Assembly Plant'),
        ranIn(AZBEL, 'Amamake - Azbel'),
        ranIn(AZBEL, 'Amamake - Azbel renamed'),
        ranIn(RAITARU, 'amamake - AZBEL'),
      ]),
    ).toEqual([ranIn(AZBEL, 'Amamake - Azbel')]);
  });
});
