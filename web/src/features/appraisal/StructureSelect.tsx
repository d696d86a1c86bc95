import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePublicStructuresQuery } from './appraisal-api';

interface StructureSelectProps {
  readonly value: number | null;
  onChange(structureId: number | null): void;
}

/** Waits this long after the last keystroke before asking the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The public player structures with a market, searched by part of the name on the server (GET /market/structures):
 * named ones first; one ESI did not name shows by its id.
 */
export function StructureSelect({ value, onChange }: StructureSelectProps) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching, isError } = usePublicStructuresQuery(query.length > 0 ? { q: query } : {});
  // The chosen one stays labelled while a search lists others.
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const options = useMemo(() => {
    const listed = (data?.structures ?? []).map((structure) => ({
      value: structure.structureId,
      label: structure.name ?? `Structure ${structure.structureId}`,
    }));
    if (chosen && chosen.value === value && !listed.some((option) => option.value === chosen.value)) {
      return [chosen, ...listed];
    }
    return listed;
  }, [data, chosen, value]);

  return (
    <Select
      id="appraisal-structure"
      data-testid="appraisal-structure"
      showSearch
      allowClear
      filterOption={false}
      placeholder="Search the public structures by name"
      loading={isFetching}
      value={value ?? undefined}
      options={options}
      notFoundContent={
        isError ? 'The structures could not be listed just now.' : 'No public structure matches.'
      }
      onSearch={setTyped}
      onChange={(structureId: number | undefined) => {
        const option = options.find((candidate) => candidate.value === structureId);
        setChosen(option ?? null);
        onChange(structureId ?? null);
      }}
    />
  );
}
