/**
 * Old names players still paste for types the game renamed, as rewrites tried only when a name is not found as
 * written: the 2020 resistance-module renames (`Adaptive Invulnerability Field II` is now `Multispectrum Shield
 * Hardener II`; faction and officer variants follow the same words), the injector every player calls "skill
 * injector", and named corpses (`Some Pilot's Frozen Corpse`). A table of renames kept with the static data would
 * serve better; until it exists these cover what old fits and contracts contain.
 */
const PHRASE_RENAMES: readonly (readonly [RegExp, string])[] = [
  [/\bAdaptive Invulnerability Field\b/i, 'Multispectrum Shield Hardener'],
  [/\bEnergized Adaptive Nano Membrane\b/i, 'Multispectrum Energized Membrane'],
  [/\bAdaptive Nano Plating\b/i, 'Multispectrum Coating'],
  [/\bArmor (EM|Thermal|Thermic|Kinetic|Explosive) Hardener\b/i, '$1 Armor Hardener'],
  [/\bEM Ward Field\b/i, 'EM Shield Hardener'],
  [/\bEM Ward Amplifier\b/i, 'EM Shield Amplifier'],
  [/\b(?:Thermal|Thermic) Dissipation Field\b/i, 'Thermal Shield Hardener'],
  [/\b(?:Thermal|Thermic) Dissipation Amplifier\b/i, 'Thermal Shield Amplifier'],
  [/\b(Kinetic|Explosive) Deflection Field\b/i, '$1 Shield Hardener'],
  [/\b(Kinetic|Explosive) Deflection Amplifier\b/i, '$1 Shield Amplifier'],
  [/\bEnergized (EM|Thermal|Thermic|Kinetic|Explosive) Membrane\b/i, '$1 Energized Membrane'],
  [/\b(EM|Thermal|Thermic|Kinetic|Explosive) Plating\b/i, '$1 Coating'],
];
const THERMIC = /\bThermic\b/gi;
// One test to skip the rewrites for the names (nearly all) they cannot change.
const MAY_BE_RENAMED =
  /adaptive|armor|ward|dissipation|deflection|energized|plating|thermic|injector|corpse/i;
const SKILL_INJECTOR = /^skill injector$/i;
const NAMED_CORPSE = /^.+'s frozen corpse$/i;

/** Names to try, in order, when `name` itself is unknown; empty when no rule applies. */
export function renamedTypeAliases(name: string): string[] {
  if (!MAY_BE_RENAMED.test(name)) return [];
  if (SKILL_INJECTOR.test(name)) return ['Large Skill Injector'];
  if (NAMED_CORPSE.test(name)) return ['Frozen Corpse'];
  let renamed = name;
  for (const [pattern, replacement] of PHRASE_RENAMES) renamed = renamed.replace(pattern, replacement);
  renamed = renamed.replace(THERMIC, 'Thermal');
  return renamed === name ? [] : [renamed];
}
