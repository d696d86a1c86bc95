import table from './renamed-types.json';

/** One old name of a type the game renamed or replaced, and the type it is now. */
export interface TypeRename {
  readonly oldName: string;
  readonly typeId: number;
  /** The current English name, as the static data the table was checked against has it. */
  readonly currentName: string;
  readonly source: string;
}

const key = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Every row of the table (data in `renamed-types.json`). */
export const TYPE_RENAMES: readonly TypeRename[] = (
  table.renames as unknown as readonly (readonly [string, number, string, string])[]
).map(([oldName, typeId, currentName, source]) => ({ oldName, typeId, currentName, source }));

/**
 * The current type of an old name (renamed modules, the compact/scoped and 2020 resistance renames, capacitor
 * transmitters, replaced meta modules, ...), case and spacing ignored; undefined when the table does not have it.
 */
export class TypeRenames {
  private readonly byOldName: ReadonlyMap<string, TypeRename>;

  constructor(renames: readonly TypeRename[] = TYPE_RENAMES) {
    this.byOldName = new Map(renames.map((rename) => [key(rename.oldName), rename]));
  }

  find(name: string): TypeRename | undefined {
    return this.byOldName.get(key(name));
  }
}
