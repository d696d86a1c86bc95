import type { StaffRoleName } from '@tradewise/contracts';
import type { StaffCharacters } from '../config/platform-config';

/**
 * Who may open the staff console, as the operator named them (STAFF_CHARACTER_IDS, AUDITOR_CHARACTER_IDS): support
 * staff read and act, auditors only read.
 */
export class StaffRoles {
  private readonly roles: ReadonlyMap<number, StaffRoleName>;

  constructor(characters: StaffCharacters) {
    this.roles = new Map<number, StaffRoleName>([
      ...characters.staffCharacterIds.map((id) => [id, 'staff'] as const),
      ...characters.auditorCharacterIds.map((id) => [id, 'auditor'] as const),
    ]);
  }

  /** The role of a logged-in character; null for players. */
  roleOf(characterId: number): StaffRoleName | null {
    return this.roles.get(characterId) ?? null;
  }
}
