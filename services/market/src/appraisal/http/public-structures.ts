/** One public structure with a market, as the appraisal's market choice lists it. */
export interface PublicStructureDto {
  readonly structureId: number;
  /** Null while no linked character with esi-universe.read_structures.v1 got ESI to name it. */
  readonly name: string | null;
}

export interface PublicStructureListDto {
  readonly structures: readonly PublicStructureDto[];
  /** More structures matched than listed: a longer search text narrows them. */
  readonly truncated: boolean;
}

/** At most this many structures per answer (a select's list). */
export const PUBLIC_STRUCTURES_LIMIT = 50;

/**
 * The public market structures matching `query` (case-insensitive part of the name, or the whole id), named ones
 * first by name, then unnamed ones by id; without a query all of them, in that order. At most `limit`.
 */
export function searchPublicStructures(
  structureIds: Iterable<number>,
  names: ReadonlyMap<number, string>,
  query: string | undefined,
  limit: number,
): PublicStructureListDto {
  const needle = query?.toLowerCase();
  const matches: PublicStructureDto[] = [];
  for (const structureId of structureIds) {
    const name = names.get(structureId) ?? null;
    const matched =
      needle === undefined ||
      String(structureId) === needle ||
      (name !== null && name.toLowerCase().includes(needle));
    if (matched) matches.push({ structureId, name });
  }
  matches.sort((a, b) => {
    if (a.name !== null && b.name !== null)
      return a.name.localeCompare(b.name, 'en') || a.structureId - b.structureId;
    if (a.name !== null) return -1;
    if (b.name !== null) return 1;
    return a.structureId - b.structureId;
  });
  return { structures: matches.slice(0, limit), truncated: matches.length > limit };
}

const integer = { type: 'integer' } as const;

export const publicStructureListJsonSchema = {
  type: 'object',
  required: ['structures', 'truncated'],
  properties: {
    structures: {
      type: 'array',
      maxItems: PUBLIC_STRUCTURES_LIMIT,
      items: {
        type: 'object',
        required: ['structureId', 'name'],
        properties: { structureId: integer, name: { type: 'string', nullable: true } },
      },
    },
    truncated: { type: 'boolean' },
  },
};
