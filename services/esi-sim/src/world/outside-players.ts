/**
 * Players outside the simulation: the other side of every trade, contract and settlement. They are only names
 * and ids, generated from the seed, and they resolve through /universe/names like the simulated characters.
 */
const FIRST_NAMES = [
  'Ansel',
  'Briala',
  'Corvin',
  'Dessa',
  'Evren',
  'Falka',
  'Gorran',
  'Hesper',
  'Ilse',
  'Jorund',
  'Kestrel',
  'Lyra',
  'Marek',
  'Nadia',
  'Orrin',
  'Pella',
  'Quill',
  'Rhea',
  'Soren',
  'Talia',
  'Ulric',
  'Vesna',
  'Wren',
  'Xander',
  'Yara',
  'Zoltan',
  'Amara',
  'Bastien',
  'Cyra',
  'Dorian',
  'Elin',
  'Fenwick',
  'Galen',
  'Hana',
  'Ivo',
  'Jessa',
  'Kato',
  'Liesel',
  'Mattis',
  'Noor',
];
const LAST_NAMES = [
  'Arkanen',
  'Borovik',
  'Castellan',
  'Draskov',
  'Eshara',
  'Fennimore',
  'Grell',
  'Hakonen',
  'Istvan',
  'Jarrow',
  'Kaltis',
  'Loreth',
  'Mordane',
  'Niskala',
  'Ostrander',
  'Pryce',
  'Quorvan',
  'Rask',
  'Sallow',
  'Tervo',
  'Umbrel',
  'Valcourt',
  'Wexley',
  'Xenakis',
  'Yarrow',
  'Zelenka',
  'Abernath',
  'Brightwater',
  'Coil',
  'Dunmore',
  'Eklund',
  'Farrow',
  'Grimsby',
  'Holloway',
  'Ironside',
  'Juhlin',
  'Kovanen',
  'Lindqvist',
  'Marrow',
  'Northcott',
];
const CORPORATION_NAMES = [
  'Brave Haulers',
  'Silent Ledger',
  'Iron Tithe',
  'Outer Ring Supply',
  'Perimeter Holdings',
  'Veldspar Velocity',
  'Crimson Bazaar',
  'Null Margin',
  'Hauling Hands',
  'Quiet Capital',
  'Blue Anchor Trade',
  'Kestrel Logistics',
  'Orbital Goods',
  'Nine Tenths',
  'Tide & Tithe',
  'Star Merchants',
  'Deep Ore Consortium',
  'Frontier Exchange',
  'Lowsec Larder',
  'Gate Campers Guild',
];

export const OUTSIDE_CHARACTER_BASE_ID = 2_120_000_000;
export const OUTSIDE_CORPORATION_BASE_ID = 98_800_000;
const NAME_COMBINATIONS = FIRST_NAMES.length * LAST_NAMES.length;

export interface OutsideCharacter {
  readonly characterId: number;
  readonly name: string;
  readonly corporationId: number;
}

export interface OutsideCorporation {
  readonly corporationId: number;
  readonly name: string;
  readonly ticker: string;
}

export class OutsidePlayers {
  private readonly all: readonly OutsideCharacter[];

  constructor(
    seed: number,
    readonly count: number,
  ) {
    if (count > NAME_COMBINATIONS) throw new Error(`At most ${NAME_COMBINATIONS} outside players`);
    this.all = Array.from({ length: count }, (_, i) => {
      const combination = (i * 7919 + seed) % NAME_COMBINATIONS;
      return {
        characterId: OUTSIDE_CHARACTER_BASE_ID + i,
        name: `${FIRST_NAMES[combination % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(combination / FIRST_NAMES.length)]}`,
        corporationId: OUTSIDE_CORPORATION_BASE_ID + (i % CORPORATION_NAMES.length),
      };
    });
  }

  /** The i-th outside player (i wraps around). */
  character(index: number): OutsideCharacter {
    return this.all[((index % this.count) + this.count) % this.count]!;
  }

  characterById(characterId: number): OutsideCharacter | undefined {
    const index = characterId - OUTSIDE_CHARACTER_BASE_ID;
    return index >= 0 && index < this.count ? this.character(index) : undefined;
  }

  corporationById(corporationId: number): OutsideCorporation | undefined {
    const index = corporationId - OUTSIDE_CORPORATION_BASE_ID;
    const name = CORPORATION_NAMES[index];
    if (index < 0 || name === undefined) return undefined;
    const ticker = name
      .split(/[^A-Za-z]+/)
      .map((word) => word[0] ?? '')
      .join('')
      .toUpperCase()
      .slice(0, 5);
    return { corporationId, name, ticker };
  }

  characters(): readonly OutsideCharacter[] {
    return this.all;
  }

  *corporations(): Iterable<OutsideCorporation> {
    for (let index = 0; index < CORPORATION_NAMES.length; index++) {
      yield this.corporationById(OUTSIDE_CORPORATION_BASE_ID + index)!;
    }
  }
}
