import {
  Button,
  Card,
  Flex,
  InputNumber,
  Select,
  Table,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { useGetAccountQuery, type AccountCharacter } from '../../shared/session';
import { ErrorDialog, ListLoadError, serverErrorText } from '../../shared/ui/editable-list';
import { Portrait } from '../../shared/ui/Portrait';
import {
  NO_REGION,
  PRICE_FACTOR,
  REACTION_BONUS,
  priceFactorEnabled,
  regionOfChoice,
  regionOptions,
  settingsPatch,
  shownSettings,
  type CharacterSettingField,
  type CharacterSettingsDraft,
} from './character-settings';
import { useChangeCharacterSettingsMutation, useRegionsQuery } from './character-settings-api';

/**
 * Settings → Character Settings (account-area §2): per character the Default Price Region ('None' or a region),
 * the Default Price Factor (only with a region) and the Reaction Bonus %. A row's Save sends what changed; the
 * rows then show what the server stored, and a refused change shows the server's text in 'Error'.
 */
export function CharacterSettingsSection() {
  const { token } = theme.useToken();
  const { data: account, isLoading, isError, refetch: refetchAccount } = useGetAccountQuery();
  const regions = useRegionsQuery();
  const [changeSettings] = useChangeCharacterSettingsMutation();
  const [drafts, setDrafts] = useState<ReadonlyMap<number, CharacterSettingsDraft>>(new Map());
  const [saving, setSaving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(() => regionOptions(regions.data ?? []), [regions.data]);

  const draftOf = (character: AccountCharacter) => drafts.get(character.id) ?? {};
  const edit = (character: AccountCharacter, field: CharacterSettingField, value: number | null) =>
    setDrafts((current) =>
      new Map(current).set(character.id, { ...(current.get(character.id) ?? {}), [field]: value }),
    );

  const save = async (character: AccountCharacter) => {
    const patch = settingsPatch(character, draftOf(character));
    if (!patch) return;
    setSaving(character.id);
    try {
      await changeSettings({ id: character.id, characterSettingsPatch: patch }).unwrap();
    } catch (failure) {
      setError(serverErrorText(failure));
    } finally {
      // The draft stays until the account is read again, so the row never flashes the old values.
      await refetchAccount();
      setDrafts((current) => {
        const next = new Map(current);
        next.delete(character.id);
        return next;
      });
      setSaving(null);
    }
  };

  const columns: TableColumnsType<AccountCharacter> = [
    {
      title: 'Character',
      key: 'character',
      render: (_value, character) => (
        <Flex align="center" gap={token.marginSM}>
          <Portrait characterId={character.id} name={character.name} size={32} />
          <Typography.Text strong>{character.name}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Default Price Region',
      key: 'defaultPriceRegion',
      render: (_value, character) => (
        <Select<number>
          id={`character-settings-region-${character.id}`}
          aria-label={`Default Price Region of ${character.name}`}
          style={{ minWidth: 200 }}
          value={shownSettings(character, draftOf(character)).defaultPriceRegion ?? NO_REGION}
          options={options}
          loading={regions.isLoading}
          disabled={saving === character.id}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(choice) => edit(character, 'defaultPriceRegion', regionOfChoice(choice))}
        />
      ),
    },
    {
      title: 'Default Price Factor',
      key: 'defaultPriceFactor',
      render: (_value, character) => {
        const shown = shownSettings(character, draftOf(character));
        return (
          <InputNumber<number>
            id={`character-settings-factor-${character.id}`}
            aria-label={`Default Price Factor of ${character.name}`}
            style={{ width: 140 }}
            min={PRICE_FACTOR.min}
            max={PRICE_FACTOR.max}
            step={PRICE_FACTOR.step}
            placeholder={PRICE_FACTOR.placeholder}
            disabled={!priceFactorEnabled(shown) || saving === character.id}
            value={shown.defaultPriceFactor}
            onChange={(value) => edit(character, 'defaultPriceFactor', value)}
          />
        );
      },
    },
    {
      title: 'Reaction Bonus %',
      key: 'reactionBonus',
      render: (_value, character) => (
        <InputNumber<number>
          id={`character-settings-bonus-${character.id}`}
          aria-label={`Reaction Bonus % of ${character.name}`}
          style={{ width: 120 }}
          min={REACTION_BONUS.min}
          max={REACTION_BONUS.max}
          step={REACTION_BONUS.step}
          disabled={saving === character.id}
          value={shownSettings(character, draftOf(character)).reactionBonus}
          onChange={(value) => edit(character, 'reactionBonus', value)}
        />
      ),
    },
    {
      title: '',
      key: 'save',
      render: (_value, character) => (
        <Button
          type="primary"
          data-testid={`character-settings-save-${character.id}`}
          aria-label={`Save the settings of ${character.name}`}
          loading={saving === character.id}
          disabled={settingsPatch(character, draftOf(character)) === null}
          onClick={() => void save(character)}
        >
          Save
        </Button>
      ),
    },
  ];

  return (
    <Card title="Character Settings" data-testid="character-settings">
      <Typography.Paragraph type="secondary">
        Each character&apos;s default price region and price factor (a factor needs a region), and its
        reaction bonus. Save stores a row&apos;s changes.
      </Typography.Paragraph>
      {isError ? <ListLoadError what="characters" onRetry={() => void refetchAccount()} /> : null}
      {regions.isError ? <ListLoadError what="regions" onRetry={() => void regions.refetch()} /> : null}
      <div role="region" aria-label="Character settings" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table<AccountCharacter>
          size="small"
          rowKey="id"
          loading={isLoading}
          pagination={false}
          columns={columns}
          dataSource={account?.characters ?? []}
          onRow={(character) => ({ 'data-testid': `character-settings-row-${character.id}` }) as object}
          locale={{ emptyText: 'No characters yet: add one on the Account page.' }}
        />
      </div>
      <ErrorDialog text={error} onClose={() => setError(null)} testId="character-settings-error-dialog" />
    </Card>
  );
}
