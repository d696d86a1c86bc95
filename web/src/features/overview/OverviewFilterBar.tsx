import { Flex, Segmented, Select, theme } from 'antd';
import type { AccountCharacter } from '../../shared/session';
import { ListField, OwnerFilterSelect, type OwnerChoice } from '../../shared/ui/editable-list';
import { ItemFilterInput } from './ItemFilterInput';
import { TIME_RANGE_OPTIONS, type TimeRange } from './time-range';

/** The character choice meaning every character of the account (character ids are positive). */
const ALL_CHARACTERS = 0;

interface OverviewFilterBarProps {
  readonly characters: readonly AccountCharacter[];
  readonly characterId: number | null;
  readonly itemInput: string;
  readonly timeRange: TimeRange;
  /** The owner filter's choices (ownerChoices); none hides it. */
  readonly owners: readonly { readonly value: OwnerChoice; readonly label: string }[];
  readonly owner: OwnerChoice;
  readonly onCharacterChange: (characterId: number | null) => void;
  readonly onItemInputChange: (text: string) => void;
  /** A range the user picked; the page decides whether the tier allows it. */
  readonly onTimeRangeChange: (range: TimeRange) => void;
  readonly onOwnerChange: (owner: OwnerChoice) => void;
}

/**
 * Character (All Characters or one), item filter with autocomplete, the time range (account-area §2), and the
 * owner where the account tracks a corporation's trade.
 */
export function OverviewFilterBar({
  characters,
  characterId,
  itemInput,
  timeRange,
  owners,
  owner,
  onCharacterChange,
  onItemInputChange,
  onTimeRangeChange,
  onOwnerChange,
}: OverviewFilterBarProps) {
  const { token } = theme.useToken();
  const characterOptions = [
    { value: ALL_CHARACTERS, label: 'All Characters' },
    ...characters.map((character) => ({ value: character.id, label: character.name })),
  ];
  return (
    <Flex wrap gap={token.margin} align="flex-end" style={{ marginBottom: token.marginLG }}>
      <ListField id="overview-character" label="Character">
        <Select
          id="overview-character"
          data-testid="overview-character"
          style={{ width: 220 }}
          options={characterOptions}
          value={characterId ?? ALL_CHARACTERS}
          onChange={(value: number) => onCharacterChange(value === ALL_CHARACTERS ? null : value)}
        />
      </ListField>
      <ListField id="overview-item" label="Item">
        <ItemFilterInput id="overview-item" value={itemInput} onChange={onItemInputChange} />
      </ListField>
      <Flex vertical gap={token.marginXXS}>
        <span id="overview-time-range-label" style={{ color: token.colorTextSecondary }}>
          Time range
        </span>
        <Segmented<TimeRange>
          aria-labelledby="overview-time-range-label"
          data-testid="overview-time-range"
          options={TIME_RANGE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          value={timeRange}
          onChange={onTimeRangeChange}
        />
      </Flex>
      <OwnerFilterSelect id="overview-owner" choices={owners} value={owner} onChange={onOwnerChange} />
    </Flex>
  );
}
