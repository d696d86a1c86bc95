import { Flex, Input, Select, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { useDebouncedCallback } from '../../hooks/debounce';
import type { OwnerChoice } from './owner-filter';

/** A labelled filter or form field. */
export function ListField({
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

/**
 * The item name filter: the list is asked again 200 ms after the last keystroke (not on every one); the value
 * passed on is trimmed.
 */
export function ItemFilterInput({
  id,
  value,
  onChange,
  label = 'Item',
  placeholder = 'Item name contains',
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (filter: string) => void;
  readonly label?: string;
  readonly placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const settle = useDebouncedCallback((next: string) => {
    if (next.trim() !== value) onChange(next.trim());
  });
  const change = (next: string) => {
    setText(next);
    settle.call(next);
  };
  return (
    <ListField id={id} label={label}>
      <Input
        id={id}
        allowClear
        style={{ width: 240 }}
        placeholder={placeholder}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    </ListField>
  );
}

/** The character choice meaning every character of the account (character ids are positive). */
const ALL_CHARACTERS = 0;

/** 'All characters' or one of the account's characters. */
export function CharacterFilterSelect({
  id,
  characters,
  value,
  onChange,
}: {
  readonly id: string;
  readonly characters: readonly { readonly id: number; readonly name: string }[];
  readonly value: number | null;
  readonly onChange: (characterId: number | null) => void;
}) {
  const options = [
    { value: ALL_CHARACTERS, label: 'All characters' },
    ...characters.map((character) => ({ value: character.id, label: character.name })),
  ];
  return (
    <ListField id={id} label="Character">
      <Select<number>
        id={id}
        style={{ width: 220 }}
        options={options}
        value={value ?? ALL_CHARACTERS}
        onChange={(next) => onChange(next === ALL_CHARACTERS ? null : next)}
      />
    </ListField>
  );
}

/** Personal / Corporation (per division), shown only where the account tracks a corporation's trade. */
export function OwnerFilterSelect({
  id,
  choices,
  value,
  onChange,
}: {
  readonly id: string;
  readonly choices: readonly { readonly value: OwnerChoice; readonly label: string }[];
  readonly value: OwnerChoice;
  readonly onChange: (owner: OwnerChoice) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <ListField id={id} label="Owner">
      <Select<OwnerChoice>
        id={id}
        data-testid={id}
        style={{ width: 240 }}
        options={choices.map((choice) => ({ ...choice }))}
        value={value}
        onChange={onChange}
      />
    </ListField>
  );
}
