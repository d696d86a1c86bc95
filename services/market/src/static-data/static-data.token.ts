/** DI token of the loaded {@link StaticData}. */
export const STATIC_DATA = Symbol('STATIC_DATA');
