import { Flex, Select, theme } from 'antd';
import type { AccountCharacter } from '../../shared/session';
import { ListField } from '../../shared/ui/editable-list';
import type { JournalFilters } from './journal-entries';
import { ALL_REF_TYPES, REF_TYPE_OPTIONS, isJournalRefType } from './journal-ref-types';

/** The character choice meaning every character of the account (character ids are positive). */
const ALL_CHARACTERS = 0;

interface JournalFilterBarProps {
  readonly filters: JournalFilters;
  readonly characters: readonly AccountCharacter[];
  readonly onChange: (filters: JournalFilters) => void;
}

/** Reference type (all, or one of ESI's kinds, searchable) and character. */
export function JournalFilterBar({ filters, characters, onChange }: JournalFilterBarProps) {
  const { token } = theme.useToken();
  const characterOptions = [
    { value: ALL_CHARACTERS, label: 'All characters' },
    ...characters.map((character) => ({ value: character.id, label: character.name })),
  ];
  return (
    <Flex wrap gap={token.margin} style={{ marginBottom: token.marginMD }}>
      <ListField id="journal-ref-type" label="Reference type">
        <Select
          id="journal-ref-type"
          data-testid="journal-ref-type"
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          options={REF_TYPE_OPTIONS as { value: string; label: string }[]}
          value={filters.refType ?? ALL_REF_TYPES}
          onChange={(value: string) =>
            onChange({ ...filters, refType: isJournalRefType(value) ? value : null })
          }
        />
      </ListField>
      <ListField id="journal-character" label="Character">
        <Select
          id="journal-character"
          data-testid="journal-character"
          style={{ width: 240 }}
          options={characterOptions}
          value={filters.characterId ?? ALL_CHARACTERS}
          onChange={(value: number) =>
            onChange({ ...filters, characterId: value === ALL_CHARACTERS ? null : value })
          }
        />
      </ListField>
    </Flex>
  );
}
