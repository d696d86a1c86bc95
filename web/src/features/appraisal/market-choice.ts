import type { Appraisal, AppraisalCreateBody } from './appraisal-api';

/** The five trade hubs' stations and their regions (public-tools §5; facts/static-data.md). */
export const TRADE_HUBS = [
  { stationId: 60003760, regionId: 10000002, label: 'Jita IV - Moon 4' },
  { stationId: 60008494, regionId: 10000043, label: 'Amarr VIII' },
  { stationId: 60011866, regionId: 10000032, label: 'Dodixie IX' },
  { stationId: 60004588, regionId: 10000030, label: 'Rens VI' },
  { stationId: 60005686, regionId: 10000042, label: 'Hek VIII' },
] as const;

export type PriceMode = NonNullable<AppraisalCreateBody['priceMode']>;

export const PRICE_MODE_OPTIONS: readonly { value: PriceMode; label: string }[] = [
  { value: 'top', label: 'Top of book' },
  { value: 'fivePercent', label: '5% average' },
  { value: 'split', label: 'Split (middle of sell and buy)' },
];

/**
 * Where and how the items are priced: a region (whole), a hub's station in it, or a public player structure (its own
 * market, read with a logged-in character's token); a mode and a percentage.
 */
export interface MarketChoice {
  readonly regionId: number;
  readonly stationId: number | null;
  /** A public structure with a market; with it the station is null. */
  readonly structureId: number | null;
  readonly priceMode: PriceMode;
  readonly pricePercent: number;
}

/** A hub's station sets its region; another region leaves the hub. Either leaves a structure. */
export function chooseStation(choice: MarketChoice, stationId: number | null): MarketChoice {
  const hub = TRADE_HUBS.find((candidate) => candidate.stationId === stationId);
  return hub
    ? { ...choice, stationId: hub.stationId, regionId: hub.regionId, structureId: null }
    : { ...choice, stationId: null, structureId: null };
}

/** A public structure's own market instead of a region or a hub (null: none chosen yet). */
export function chooseStructure(choice: MarketChoice, structureId: number | null): MarketChoice {
  return { ...choice, stationId: null, structureId };
}

export function chooseRegion(choice: MarketChoice, regionId: number): MarketChoice {
  const hub = TRADE_HUBS.find((candidate) => candidate.stationId === choice.stationId);
  return { ...choice, regionId, stationId: hub && hub.regionId === regionId ? hub.stationId : null };
}

/** The choice as the create call takes it; defaults (whole region, top of book, 100%) are left out. */
export function marketBody(
  choice: MarketChoice,
): Pick<AppraisalCreateBody, 'regionId' | 'stationId' | 'structureId' | 'priceMode' | 'pricePercent'> {
  return {
    regionId: choice.regionId,
    ...(choice.structureId !== null
      ? { structureId: choice.structureId }
      : choice.stationId !== null
        ? { stationId: choice.stationId }
        : {}),
    ...(choice.priceMode !== 'top' ? { priceMode: choice.priceMode } : {}),
    ...(choice.pricePercent !== 100 ? { pricePercent: choice.pricePercent } : {}),
  };
}

/** A saved appraisal's own choice: Update prices prices again where and how it was priced. */
export function appraisalChoice(appraisal: Appraisal): MarketChoice {
  return {
    regionId: appraisal.regionId,
    stationId: appraisal.stationId,
    structureId: appraisal.structureId,
    priceMode: appraisal.priceMode,
    pricePercent: appraisal.pricePercent,
  };
}

/** A structure appraisal's place: its name, or its id when ESI did not name it. */
export function structureLabel(appraisal: Pick<Appraisal, 'structureId' | 'structureName'>): string | null {
  if (appraisal.structureId === null) return null;
  return appraisal.structureName ?? `Structure ${appraisal.structureId}`;
}

/** Update prices at a structure needs a login: ESI shows its market only to characters who may dock there. */
export const STRUCTURE_UPDATE_NOTE =
  'Prices at a player structure are read with a character that may dock there: log in with such a character to update them.';

/**
 * 'Appraised using {region} prices' (public-tools §2), naming the hub's station or the player structure instead
 * when one was chosen.
 */
export function pricedWhere(appraisal: Appraisal): string {
  const where = structureLabel(appraisal) ?? appraisal.stationName ?? appraisal.regionName;
  const mode = PRICE_MODE_OPTIONS.find((option) => option.value === appraisal.priceMode);
  const extras = [
    ...(appraisal.priceMode !== 'top' && mode ? [mode.label.toLowerCase()] : []),
    ...(appraisal.pricePercent !== 100 ? [`${appraisal.pricePercent}%`] : []),
  ];
  return `Appraised using ${where} prices${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
}
