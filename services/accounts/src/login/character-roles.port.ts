/** DI token of the {@link CharacterRolesReader}. */
export const CHARACTER_ROLES_READER = Symbol('CHARACTER_ROLES_READER');

/** Reads a character's corporation roles from ESI with the access token the login just received. */
export interface CharacterRolesReader {
  rolesOf(characterId: number, accessToken: string, scopes: readonly string[]): Promise<readonly string[]>;
}
