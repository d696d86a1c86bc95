import {
  MAX_SAVED_STRUCTURES,
  STRUCTURE_LOCATION_ID_MIN,
  type IndustrySecurityStatus,
  type IndustryStructureDto,
  type IndustryStructureEvent,
  type IndustryStructurePatch,
  type UsedStructureDto,
} from '@tradewise/contracts';
import type { Decider } from '@tradewise/platform';

/** An account's saved structures, folded from its `industrystructures-<account>` stream. */
export interface StructureSettingsState {
  /** By structure id, in the order they were saved. */
  readonly structures: ReadonlyMap<number, IndustryStructureDto>;
  /** Every structure the account ever saved, by name, including removed ones: offered when adding one. */
  readonly used: ReadonlyMap<string, UsedStructureDto>;
  readonly lastStructureId: number;
}

export const initialStructureSettings: StructureSettingsState = {
  structures: new Map(),
  used: new Map(),
  lastStructureId: 0,
};

export interface NewStructure {
  readonly facilityId: number | null;
  /** Trimmed, beginning with its solar system's name and ' - ' (checked against the static data first). */
  readonly name: string;
  readonly securityStatus: IndustrySecurityStatus;
  readonly rig1TypeId: number | null;
  readonly rig2TypeId: number | null;
  readonly rig3TypeId: number | null;
}

export type StructureSettingsCommand =
  | { readonly type: 'SaveStructure'; readonly structure: NewStructure }
  | {
      readonly type: 'ChangeStructure';
      readonly structureId: number;
      readonly changes: IndustryStructurePatch;
    }
  | { readonly type: 'RemoveStructure'; readonly structureId: number };

export type StructureRuleCode = 'STRUCTURE_NOT_FOUND' | 'STRUCTURE_ALREADY_SAVED' | 'TOO_MANY_STRUCTURES';

export class StructureRuleViolation extends Error {
  constructor(
    readonly code: StructureRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'StructureRuleViolation';
  }
}

const usedKey = (name: string): string => name.toLowerCase();

export function evolveStructureSettings(
  state: StructureSettingsState,
  event: IndustryStructureEvent,
): StructureSettingsState {
  switch (event.type) {
    case 'IndustryStructureSaved': {
      const { structureId, ...fields } = event.data;
      const structures = new Map(state.structures).set(structureId, { id: structureId, ...fields });
      const used = new Map(state.used).set(usedKey(fields.name), {
        facilityId: fields.facilityId,
        name: fields.name,
      });
      return { structures, used, lastStructureId: Math.max(state.lastStructureId, structureId) };
    }
    case 'IndustryStructureChanged': {
      const current = state.structures.get(event.data.structureId);
      if (!current) return state;
      const { structureId, ...changes } = event.data;
      const changed = { ...current };
      for (const [field, value] of Object.entries(changes)) {
        if (value !== undefined) Object.assign(changed, { [field]: value });
      }
      return { ...state, structures: new Map(state.structures).set(structureId, changed) };
    }
    case 'IndustryStructureRemoved': {
      if (!state.structures.has(event.data.structureId)) return state;
      const structures = new Map(state.structures);
      structures.delete(event.data.structureId);
      return { ...state, structures };
    }
  }
}

/** The account's rules for saved structures: unique names and game ids, a limit, and only its own ids. */
export function decideStructureSettings(
  state: StructureSettingsState,
  command: StructureSettingsCommand,
): IndustryStructureEvent[] {
  switch (command.type) {
    case 'SaveStructure': {
      const { structure } = command;
      const saved = [...state.structures.values()];
      if (saved.some((existing) => usedKey(existing.name) === usedKey(structure.name))) {
        throw new StructureRuleViolation(
          'STRUCTURE_ALREADY_SAVED',
          `A structure named '${structure.name}' is already saved.`,
        );
      }
      if (
        structure.facilityId !== null &&
        saved.some((existing) => existing.facilityId === structure.facilityId)
      ) {
        throw new StructureRuleViolation(
          'STRUCTURE_ALREADY_SAVED',
          `The structure ${structure.facilityId} is already saved.`,
        );
      }
      if (saved.length >= MAX_SAVED_STRUCTURES) {
        throw new StructureRuleViolation(
          'TOO_MANY_STRUCTURES',
          `At most ${MAX_SAVED_STRUCTURES} structures can be saved; remove one first.`,
        );
      }
      return [
        { type: 'IndustryStructureSaved', data: { structureId: state.lastStructureId + 1, ...structure } },
      ];
    }
    case 'ChangeStructure': {
      const current = savedStructure(state, command.structureId);
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([field, value]) => value !== undefined && current[field as keyof IndustryStructureDto] !== value,
        ),
      ) as IndustryStructurePatch;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'IndustryStructureChanged', data: { structureId: command.structureId, ...changes } }];
    }
    case 'RemoveStructure':
      savedStructure(state, command.structureId);
      return [{ type: 'IndustryStructureRemoved', data: { structureId: command.structureId } }];
  }
}

function savedStructure(state: StructureSettingsState, structureId: number): IndustryStructureDto {
  const structure = state.structures.get(structureId);
  if (!structure) {
    throw new StructureRuleViolation('STRUCTURE_NOT_FOUND', `No saved structure has the id ${structureId}.`);
  }
  return structure;
}

/** Upwell structures take Structure Settings; NPC stations (ids 60,000,000 to 63,999,999) do not. */
export const isUpwellStructureId = (facilityId: number): boolean => facilityId >= STRUCTURE_LOCATION_ID_MIN;

/**
 * The Upwell structures among the facilities the account's jobs ran in that no structure it ever saved has as its
 * game id, each once in ascending order: those the list needs names for.
 */
export function jobStructuresToName(state: StructureSettingsState, facilityIds: readonly number[]): number[] {
  const known = new Set([...state.used.values()].map((used) => used.facilityId));
  return [...new Set(facilityIds)]
    .filter((facilityId) => isUpwellStructureId(facilityId) && !known.has(facilityId))
    .sort((a, b) => a - b);
}

/**
 * Structures offered when adding one, by name: those the account saved before, then the Upwell structures its jobs
 * ran in that it never saved under a name of its own; neither the ones saved now, by name or by game id.
 */
export function usedStructures(
  state: StructureSettingsState,
  jobStructures: readonly UsedStructureDto[],
): UsedStructureDto[] {
  const offered = new Map(state.used);
  const knownFacilities = new Set([...state.used.values()].map((used) => used.facilityId));
  for (const structure of jobStructures) {
    const { facilityId } = structure;
    if (facilityId === null || !isUpwellStructureId(facilityId) || knownFacilities.has(facilityId)) continue;
    const key = usedKey(structure.name);
    if (offered.has(key)) continue;
    offered.set(key, { facilityId, name: structure.name });
    knownFacilities.add(facilityId);
  }
  const saved = [...state.structures.values()];
  const savedNames = new Set(saved.map((structure) => usedKey(structure.name)));
  const savedFacilities = new Set(saved.flatMap((structure) => structure.facilityId ?? []));
  const savedNow = ({ facilityId, name }: UsedStructureDto): boolean =>
    savedNames.has(usedKey(name)) || (facilityId !== null && savedFacilities.has(facilityId));
  return [...offered.values()].filter((used) => !savedNow(used)).sort((a, b) => a.name.localeCompare(b.name));
}

/** The saved structures in the order they were saved, and {@link usedStructures} with the jobs' ones given. */
export function structureSettingsView(
  state: StructureSettingsState,
  jobStructures: readonly UsedStructureDto[] = [],
): {
  structures: IndustryStructureDto[];
  usedStructures: UsedStructureDto[];
} {
  return { structures: [...state.structures.values()], usedStructures: usedStructures(state, jobStructures) };
}

export const structureSettingsDecider: Decider<
  StructureSettingsState,
  StructureSettingsCommand,
  IndustryStructureEvent
> = {
  initialState: initialStructureSettings,
  evolve: evolveStructureSettings,
  decide: decideStructureSettings,
};
