export { EditableListFrame, type EditableListFrameProps } from './EditableListFrame';
export {
  editableListReducer,
  editedRows,
  hasEdits,
  initialEditableListState,
  rowsShown,
  type EditableListAction,
  type EditableListState,
  type RowId,
} from './editable-list.state';
export { CONFIRM_DELETION, CONFIRM_NAVIGATION, PROCESSING_TEXT } from './editable-list.texts';
export { InlineNumberInput } from './InlineNumberInput';
export { ItemAutocomplete } from './ItemAutocomplete';
export { exactChoice, itemSearchText, itemSuggestions, type ItemChoice } from './item-choice';
export { TRADE_LEDGER_TAG } from './ledger-tag';
export { centsIskText, characterOrderText, dateTimeText } from './list-format';
export { dateColumn, iskColumn, unitsColumn } from './list-columns';
export { ConfirmDeletionDialog, ConfirmNavigationDialog, ErrorDialog, ProcessingDialog } from './ListDialogs';
export { CharacterFilterSelect, ItemFilterInput, ListField, OwnerFilterSelect } from './ListFilters';
export { ALL_OWNERS, divisionName, ownerArgs, ownerChoices, type OwnerChoice } from './owner-filter';
export {
  centsText,
  fromCents,
  iskInputCents,
  parsedNumber,
  percentText,
  scaleRounded,
  toCents,
  unitsInput,
} from './list-amounts';
export { errorStatus, serverErrorText } from './list-errors';
export {
  PAGE_SIZE,
  PAGE_SIZE_CHOICES,
  firstRowOf,
  lastPageIndex,
  pageIndexFromShown,
  pageIndexOf,
  pageOf,
  pageParams,
  pageSizeOf,
  shownPageNumber,
} from './list-paging';
export { useEditableList, useStoredPageSize, type EditableList } from './use-editable-list';
export { useUnsavedEditsGuard } from './use-unsaved-edits-guard';
export { useReadAt, useWrittenPosition, type ReadThunk, type WrittenPosition } from './use-read-at';
export { AccountLoadingPage, ListLoadError } from './ListStates';
export { copyToClipboard } from './clipboard';
export { copiedPriceText, copyPercentOf } from './price-copy';
export { syncedSince } from './ledger-sync';
export { useLedgerRefreshOnSync } from './use-refresh-on-sync';
