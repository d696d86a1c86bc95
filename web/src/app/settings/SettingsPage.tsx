import { Flex, theme } from 'antd';
import { BrokerFeeOverridesSection } from '../../features/broker-fees';
import { CharacterSettingsSection } from '../../features/character-settings';
import { StructureSettingsSection } from '../../features/industry';
import { PageContainer } from '../../shared/ui/PageContainer';

/**
 * /itemSettings (account-area §2 Settings): each feature adds its section here (Character Settings, Broker Fee
 * Overrides and Structure Settings).
 */
export default function SettingsPage() {
  const { token } = theme.useToken();
  return (
    <PageContainer title="Settings">
      <Flex vertical gap={token.marginLG}>
        <CharacterSettingsSection />
        <BrokerFeeOverridesSection />
        <StructureSettingsSection />
      </Flex>
    </PageContainer>
  );
}
