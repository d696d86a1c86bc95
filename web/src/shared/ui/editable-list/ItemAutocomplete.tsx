import { skipToken } from '@reduxjs/toolkit/query/react';
import { AutoComplete } from 'antd';
import { useMemo, useState } from 'react';
import { tradewiseApi } from '../../api';
import { useDebouncedCallback } from '../../hooks/debounce';
import { exactChoice, itemSearchText, itemSuggestions, type ItemChoice } from './item-choice';

interface ItemAutocompleteProps {
  readonly id: string;
  /** The text in the field. */
  readonly value: string;
  readonly onTextChange: (text: string) => void;
  /** An item chosen from the suggestions (or typed in full), or null when the text no longer names one. */
  readonly onChoice: (choice: ItemChoice | null) => void;
  /** Avoid on the dark theme: antd's select placeholder is below axe's contrast minimum. */
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly testId?: string;
  readonly width?: number | string;
}

/**
 * An item name field with suggestions from the item search, asked 200 ms after the last keystroke; input is
 * trimmed and empty input clears the choice (account-area §5).
 */
export function ItemAutocomplete({
  id,
  value,
  onTextChange,
  onChoice,
  placeholder,
  disabled,
  testId,
  width = '100%',
}: ItemAutocompleteProps) {
  const [query, setQuery] = useState<string | null>(null);
  const debounced = useDebouncedCallback((text: string) => setQuery(text));
  const { data, isFetching } = tradewiseApi.useSearchTypesQuery(query === null ? skipToken : { q: query });
  const suggestions = useMemo(() => (query === null ? [] : itemSuggestions(data ?? [])), [data, query]);

  const change = (text: string) => {
    onTextChange(text);
    onChoice(exactChoice(text, suggestions));
    const wanted = itemSearchText(text);
    if (wanted === null) {
      debounced.cancel();
      setQuery(null);
    } else {
      debounced.call(wanted);
    }
  };

  return (
    <AutoComplete
      id={id}
      data-testid={testId}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width }}
      options={suggestions.map((choice) => ({ value: choice.typeName, label: choice.typeName }))}
      onChange={(text: string) => change(text)}
      onSelect={(name: string) => {
        const choice = suggestions.find((candidate) => candidate.typeName === name) ?? null;
        onTextChange(name);
        onChoice(choice);
      }}
      notFoundContent={query !== null && !isFetching && data ? 'No item found' : null}
    />
  );
}
