import type { AccountCharacter, CharacterSettingsPatch, MarketRegion } from '../../shared/api';

/** The region choice meaning no default price region ('None'); region ids are positive. */
export const NO_REGION = 0;

/** The bounds PATCH /account/characters/{id} validates (contracts: characterSettingsPatchSchema). */
export const PRICE_FACTOR = { min: 0, max: 1000, step: 0.01, placeholder: '0.01' } as const;
export const REACTION_BONUS = { min: 0, max: 100, step: 0.1 } as const;

export type CharacterSettingField = 'defaultPriceRegion' | 'defaultPriceFactor' | 'reactionBonus';

/** A character's settings as the row shows them; null is an empty field (or 'None' for the region). */
export type CharacterSettingValues = Readonly<Record<CharacterSettingField, number | null>>;

/** What the user changed in a row and has not saved yet. */
export type CharacterSettingsDraft = Partial<CharacterSettingValues>;

/** 'None' first, then every region with a market by name. */
export function regionOptions(regions: readonly MarketRegion[]): { value: number; label: string }[] {
  return [
    { value: NO_REGION, label: 'None' },
    ...[...regions]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((region) => ({ value: region.id, label: region.name })),
  ];
}

export function regionOfChoice(choice: number): number | null {
  return choice === NO_REGION ? null : choice;
}

/**
 * The stored settings with the draft over them. Without a region a price factor means nothing: the field is
 * disabled and shows empty, as the server clears the factor when the region is cleared.
 */
export function shownSettings(
  character: AccountCharacter,
  draft: CharacterSettingsDraft,
): CharacterSettingValues {
  const pick = (field: CharacterSettingField) => (field in draft ? (draft[field] ?? null) : character[field]);
  const defaultPriceRegion = pick('defaultPriceRegion');
  return {
    defaultPriceRegion,
    defaultPriceFactor: defaultPriceRegion === null ? null : pick('defaultPriceFactor'),
    reactionBonus: pick('reactionBonus'),
  };
}

export function priceFactorEnabled(values: CharacterSettingValues): boolean {
  return values.defaultPriceRegion !== null;
}

const within = (value: number | null, bounds: { readonly min: number; readonly max: number }) =>
  value === null || (Number.isFinite(value) && value >= bounds.min && value <= bounds.max);

/** Whether the server would take these values: a region id, a factor of 0 to 1000, a bonus of 0 to 100 %. */
export function settingsValid(values: CharacterSettingValues): boolean {
  const region = values.defaultPriceRegion;
  return (
    (region === null || (Number.isInteger(region) && region > 0)) &&
    within(values.defaultPriceFactor, PRICE_FACTOR) &&
    within(values.reactionBonus, REACTION_BONUS)
  );
}

/**
 * The PATCH for a row: only the fields whose shown value differs from the stored one; null when nothing
 * changed or a value is out of bounds. A cleared region sends no factor: the server clears it with the region.
 */
export function settingsPatch(
  character: AccountCharacter,
  draft: CharacterSettingsDraft,
): CharacterSettingsPatch | null {
  const shown = shownSettings(character, draft);
  if (!settingsValid(shown)) return null;
  const patch: CharacterSettingsPatch = {};
  if (shown.defaultPriceRegion !== character.defaultPriceRegion)
    patch.defaultPriceRegion = shown.defaultPriceRegion;
  if (shown.defaultPriceRegion !== null && shown.defaultPriceFactor !== character.defaultPriceFactor)
    patch.defaultPriceFactor = shown.defaultPriceFactor;
  if (shown.reactionBonus !== character.reactionBonus) patch.reactionBonus = shown.reactionBonus;
  return Object.keys(patch).length === 0 ? null : patch;
}
