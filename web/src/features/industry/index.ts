export { StructureSettingsSection } from './StructureSettingsSection';
