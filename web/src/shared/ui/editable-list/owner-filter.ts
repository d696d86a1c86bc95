/**
 * Whose wallets a ledger list keeps (the API's `ownerFilter` and `division`): everything, the characters' own, the
 * corporations' (' (Corp order)'), or one division of the corporations' wallets.
 */
export type OwnerChoice = 'all' | 'personal' | 'corporation' | `division:${number}`;

export const ALL_OWNERS: OwnerChoice = 'all';

/** 'Master Wallet' for division 1, as the game names it; 'Division n' for the others. */
export function divisionName(division: number): string {
  return division === 1 ? 'Master Wallet' : `Division ${division}`;
}

/**
 * The choices for an account: none when it tracks no corporation's trade (the list has only its characters' own
 * rows), else All, Personal, Corporation and each division the corporations' wallets have.
 */
export function ownerChoices(
  corporationWallets: readonly { readonly divisions: readonly { readonly division: number }[] }[] | undefined,
): { value: OwnerChoice; label: string }[] {
  if (!corporationWallets || corporationWallets.length === 0) return [];
  const divisions = [
    ...new Set(corporationWallets.flatMap((wallets) => wallets.divisions.map(({ division }) => division))),
  ].sort((a, b) => a - b);
  return [
    { value: 'all', label: 'All' },
    { value: 'personal', label: 'Personal' },
    { value: 'corporation', label: 'Corporation' },
    ...divisions.map((division) => ({
      value: `division:${division}` as OwnerChoice,
      label: `Corporation: ${divisionName(division)}`,
    })),
  ];
}

/** What a read sends for the choice: nothing for All. */
export function ownerArgs(choice: OwnerChoice): {
  ownerFilter?: 'personal' | 'corporation';
  division?: number;
} {
  if (choice === 'all') return {};
  if (choice === 'personal' || choice === 'corporation') return { ownerFilter: choice };
  return { ownerFilter: 'corporation', division: Number(choice.slice('division:'.length)) };
}
