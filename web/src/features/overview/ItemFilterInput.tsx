import { skipToken } from '@reduxjs/toolkit/query/react';
import { AutoComplete } from 'antd';
import { useMemo } from 'react';
import { useSearchTypesQuery } from './overview-api';
import { itemFilterText } from './overview-filters';
import { AUTOCOMPLETE_DEBOUNCE_MS, useDebouncedValue } from '../../shared/hooks/debounce';

interface ItemFilterInputProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
}

/**
 * The item filter: any part of an item name, with the game's item names suggested as the user types (trimmed;
 * an empty input clears the filter, §5).
 */
export function ItemFilterInput({ id, value, onChange }: ItemFilterInputProps) {
  const query = itemFilterText(useDebouncedValue(value, AUTOCOMPLETE_DEBOUNCE_MS));
  const { data } = useSearchTypesQuery(query === '' ? skipToken : { q: query });
  const options = useMemo(() => {
    const names = new Set((query === '' ? [] : (data ?? [])).map((result) => result.typeName));
    return [...names].map((name) => ({ value: name, label: name }));
  }, [data, query]);
  return (
    <AutoComplete
      id={id}
      data-testid={id}
      value={value}
      options={options}
      onChange={(text: string) => onChange(text)}
      allowClear
      style={{ width: 260 }}
    />
  );
}
