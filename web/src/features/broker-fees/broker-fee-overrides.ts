import type {
  BrokerFeeOverride,
  BrokerFeeOverrideInput,
  BrokerFeeSuggestion,
  BrokerFeeSuggestionBasis,
} from '../../shared/api';
import { dateTimeText } from '../../shared/ui/editable-list';

/** The new-override form's fees in per cent (account-area §2 Settings: 0.5%, 0.5%, 3.5%). */
export const DEFAULT_NEW_FEES = { buyFee: 0.5, sellFee: 0.5, npcSellFee: 3.5 } as const;

export interface BrokerFeeForm {
  /** 'YYYY-MM-DD HH:mm' in UTC, as typed. */
  readonly startDate: string;
  readonly characterId: number | null;
  /** Optional; empty for every item. */
  readonly itemName: string;
  readonly buyFee: number | null;
  readonly sellFee: number | null;
  readonly npcSellFee: number | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as 'YYYY-MM-DD HH:mm' in UTC. */
export function utcMinuteText(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}`;
}

/**
 * Spec §5: the start date is read as UTC 'YYYY-MM-DD HH:mm'; text that is not such a date (or names a day or
 * time that does not exist) falls back to now. Answers the date as it will be sent.
 */
export function startDateOf(text: string, now: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (match) {
    const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const time = Date.UTC(year, month - 1, day, hour, minute);
    if (utcMinuteText(time) === text.trim()) return text.trim();
  }
  return utcMinuteText(now);
}

export function newBrokerFeeForm(now: number, characterId: number | null): BrokerFeeForm {
  return { startDate: utcMinuteText(now), characterId, itemName: '', ...DEFAULT_NEW_FEES };
}

const validFee = (fee: number | null): fee is number => fee !== null && Number.isFinite(fee) && fee >= 0;

/** A character chosen and three fees of at least 0 (§5). */
export function brokerFeeFormValid(form: BrokerFeeForm): boolean {
  return (
    form.characterId !== null && validFee(form.buyFee) && validFee(form.sellFee) && validFee(form.npcSellFee)
  );
}

/** POST /account/brokerfees: the start date read as §5 says, the item name trimmed (null for every item). */
export function brokerFeeInput(form: BrokerFeeForm, now: number): BrokerFeeOverrideInput {
  if (!brokerFeeFormValid(form)) throw new Error('Choose a character and fees of at least 0.');
  const itemName = form.itemName.trim();
  return {
    startDate: startDateOf(form.startDate, now),
    characterId: form.characterId!,
    typeName: itemName === '' ? null : itemName,
    buyFee: form.buyFee!,
    sellFee: form.sellFee!,
    npcSellFee: form.npcSellFee!,
  };
}

/** Built-in rows have no start date: 'Default'. */
export function startDateText(row: BrokerFeeOverride): string {
  return row.startDate === null ? 'Default' : dateTimeText(row.startDate);
}

export function characterText(
  row: BrokerFeeOverride,
  characters: readonly { readonly id: number; readonly name: string }[],
): string {
  if (row.characterId === null) return 'All characters';
  return characters.find((character) => character.id === row.characterId)?.name ?? String(row.characterId);
}

export function itemText(row: BrokerFeeOverride): string {
  return row.typeName ?? 'All items';
}

/** Only an override the user added (it names a character) can be removed; built-in rows stay. */
export function canRemove(row: BrokerFeeOverride): boolean {
  return row.characterId !== null && row.id !== null;
}

export function feeText(percent: number): string {
  return `${percent}%`;
}

/**
 * 'Use' on a suggested row: the form takes the suggestion's character and its three rates, for every item (a
 * suggestion is the character's general rate); the start date stays as the user typed it, theirs to choose.
 */
export function formFromSuggestion(form: BrokerFeeForm, suggestion: BrokerFeeSuggestion): BrokerFeeForm {
  return {
    ...form,
    characterId: suggestion.characterId,
    itemName: '',
    buyFee: suggestion.buyFee,
    sellFee: suggestion.sellFee,
    npcSellFee: suggestion.npcSellFee,
  };
}

/** The suggestions table is shown only when there is a suggestion. */
export function hasSuggestions(
  suggestions: readonly BrokerFeeSuggestion[] | undefined,
): suggestions is readonly BrokerFeeSuggestion[] {
  return (suggestions?.length ?? 0) > 0;
}

/** One basis location: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant: 1.35% (40 of 42 orders)'. */
export function basisText(basis: BrokerFeeSuggestionBasis): string {
  return `${basis.locationName}: ${feeText(basis.ratePercent)} (${basis.agreeing} of ${basis.samples} orders)`;
}

/** What the row's rates rest on, folded: '2 locations, 100 orders agreeing'. */
export function basisSummary(suggestion: BrokerFeeSuggestion): string {
  const locations = suggestion.basis.length;
  const orders = suggestion.basis.reduce((sum, basis) => sum + basis.agreeing, 0);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `${plural(locations, 'location')}, ${plural(orders, 'order')} agreeing`;
}

/**
 * Whose wallets an override can be for: the account's characters, then the corporations whose trade it tracks
 * (their fills are booked to the corporation, so their rates are the corporation's).
 */
export function walletOwners(account: {
  readonly characters: readonly { readonly id: number; readonly name: string }[];
  readonly corporationWallets?: readonly {
    readonly corporationId: number;
    readonly corporationName: string;
  }[];
}): { id: number; name: string }[] {
  return [
    ...account.characters.map(({ id, name }) => ({ id, name })),
    ...(account.corporationWallets ?? []).map((corporation) => ({
      id: corporation.corporationId,
      name: `${corporation.corporationName} (Corporation)`,
    })),
  ];
}
