import { skipToken } from '@reduxjs/toolkit/query/react';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchTypesQuery } from './market-api';
import { searchOptions, searchText } from './item-search';
import { useDebouncedCallback } from '../../shared/hooks/debounce';

/**
 * The item search with autocomplete: asks the server 200 ms after the last keystroke (RTK Query answers a
 * repeated question from its cache); choosing a suggestion opens the item.
 */
export function ItemSearch() {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const debounced = useDebouncedCallback((text: string) => setQuery(text));

  const { data, isFetching } = useSearchTypesQuery(query === null ? skipToken : { q: query });
  const options = useMemo(
    () =>
      query === null
        ? []
        : searchOptions(data ?? []).map((option) => ({ value: option.value, label: option.label })),
    [data, query],
  );

  const change = (text: string) => {
    setInput(text);
    const wanted = searchText(text);
    if (wanted === null) {
      // Empty input clears the suggestions at once.
      debounced.cancel();
      setQuery(null);
    } else {
      debounced.call(wanted);
    }
  };

  return (
    <AutoComplete
      value={input}
      options={options}
      onSearch={change}
      onChange={(text: string) => {
        if (text === '') change('');
      }}
      onSelect={(value: string) => {
        setInput('');
        setQuery(null);
        void navigate(`/market/${value}`);
      }}
      style={{ width: '100%' }}
      notFoundContent={query !== null && !isFetching && data ? 'No item found' : null}
    >
      <Input.Search
        aria-label="Search items"
        placeholder="Search items"
        loading={isFetching}
        allowClear
        data-testid="market-item-search"
      />
    </AutoComplete>
  );
}
