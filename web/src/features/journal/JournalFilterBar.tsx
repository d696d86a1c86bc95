import { Flex, Select, theme } from 'antd';
import type { ReactNode } from 'react';
import type { AccountCharacter } from '../../shared/session';
import type { JournalFilters } from './journal-entries';
import { ALL_REF_TYPES, REF_TYPE_OPTIONS, isJournalRefType } from './journal-ref-types';

/** The character choice meaning every character of the account (character ids are positive). */
const ALL_CHARACTERS = 0;

interface JournalFilterBarProps {
  readonly filters: JournalFilters;
  readonly characters: readonly AccountCharacter[];
  readonly onChange: (filters: JournalFilters) => void;
}

function Field({
  id,
  label,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginXXS}>
      <label htmlFor={id} style={{ color: token.colorTextSecondary }}>
        {label}
      </label>
      {children}
    </Flex>
  );
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
      <Field id="journal-ref-type" label="Reference type">
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
      </Field>
      <Field id="journal-character" label="Character">
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
      </Field>
    </Flex>
  );
}
