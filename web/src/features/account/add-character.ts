/** The message the add-character popup sends its opener window when the character is linked. */
export const ADD_CHARACTER_COMPLETE = 'addCharacterComplete';
