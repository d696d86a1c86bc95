import type { MergedPasteItem, PasteFormat, PasteItem } from './paste.types';

interface MergeBucket {
  typeId: number | null;
  name: string;
  quantity: number;
  flags: MergedPasteItem['flags'];
  lineNumbers: number[];
  formats: PasteFormat[];
  guess?: MergedPasteItem['guess'];
}

/**
 * Sums the items that are the same for pricing: same type (or, for unknown names, same name ignoring case), same
 * blueprint state and runs, same damage, same killmail fate. Where an item sat (slot, hold, fitted, offline) does
 * not split a row. Kept in order of first appearance.
 */
export function mergePasteItems(items: readonly PasteItem[]): MergedPasteItem[] {
  const buckets = new Map<string, MergeBucket>();
  for (const item of items) {
    const { blueprint, runs, damagePercent, fate } = item.flags;
    const identity = item.typeId === null ? `?${item.name.toLowerCase()}` : String(item.typeId);
    const plain =
      blueprint === undefined && runs === undefined && damagePercent === undefined && fate === undefined;
    const key = plain
      ? identity
      : `${identity}|${blueprint ?? ''}|${runs ?? ''}|${damagePercent ?? ''}|${fate ?? ''}`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.quantity = Math.min(bucket.quantity + item.quantity, Number.MAX_SAFE_INTEGER);
      if (bucket.lineNumbers[bucket.lineNumbers.length - 1] !== item.lineNumber) {
        bucket.lineNumbers.push(item.lineNumber);
      }
      if (!bucket.formats.includes(item.format)) bucket.formats.push(item.format);
      continue;
    }
    const flags: { -readonly [K in keyof MergedPasteItem['flags']]: MergedPasteItem['flags'][K] } = {};
    if (blueprint !== undefined) flags.blueprint = blueprint;
    if (runs !== undefined) flags.runs = runs;
    if (damagePercent !== undefined) flags.damagePercent = damagePercent;
    if (fate !== undefined) flags.fate = fate;
    buckets.set(key, {
      typeId: item.typeId,
      name: item.name,
      quantity: item.quantity,
      flags,
      lineNumbers: [item.lineNumber],
      formats: [item.format],
      ...(item.guess ? { guess: item.guess } : {}),
    });
  }
  return [...buckets.values()];
}
