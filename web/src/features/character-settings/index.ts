export { CharacterSettingsSection } from './CharacterSettingsSection';
