import type { TradeLedgerEvent } from '@tradewise/contracts';

/** What an account's edit stream says about entries and overrides that edits may refer to. */
export interface TradeLedgerEditsState {
  readonly warehouseEntries: ReadonlyMap<string, { readonly typeId: number }>;
  readonly brokerFeeOverrides: ReadonlySet<string>;
  readonly deletedRows: ReadonlySet<string>;
  readonly deletedContractRows: ReadonlySet<number>;
}

export const initialTradeLedgerEditsState: TradeLedgerEditsState = {
  warehouseEntries: new Map(),
  brokerFeeOverrides: new Set(),
  deletedRows: new Set(),
  deletedContractRows: new Set(),
};

export class LedgerEditNotFoundError extends Error {}
export class LedgerEditRejectedError extends Error {}

export type TradeLedgerEdit =
  | {
      readonly type: 'SaveWarehouseEntry';
      /** Absent for a new entry. */
      readonly entryId?: string;
      readonly newEntryId: string;
      readonly typeId: number;
      readonly unitPriceCents: number;
      readonly quantity: number | null;
    }
  | { readonly type: 'RemoveWarehouseEntry'; readonly entryId: string }
  | {
      readonly type: 'AddBrokerFeeOverride';
      readonly overrideId: string;
      readonly startDate: string;
      readonly characterId: number;
      readonly typeId: number | null;
      readonly buyFeePpm: number;
      readonly sellFeePpm: number;
      readonly npcSellFeePpm: number;
    }
  | { readonly type: 'RemoveBrokerFeeOverride'; readonly overrideId: string }
  | {
      readonly type: 'ProcessPendingSales';
      readonly costs: readonly { readonly transactionId: number; readonly unitBuyPriceCents: number }[];
      readonly ignored: readonly number[];
    }
  | {
      readonly type: 'SetTransactionQuantities';
      readonly consumed: readonly { readonly transactionId: number; readonly quantityConsumed: number }[];
      readonly sold: readonly { readonly transactionId: number; readonly quantitySold: number }[];
    }
  | {
      readonly type: 'EditTradeProfitRows';
      readonly rows: readonly {
        readonly rowId: string;
        readonly quantitySold: number;
        readonly buyCostCents: number;
        readonly buyBrokerFeeCents: number;
        readonly sellGrossCents: number;
        readonly sellBrokerFeeCents: number;
        readonly sellTaxCents: number;
      }[];
    }
  | { readonly type: 'DeleteTradeProfitRows'; readonly rowIds: readonly string[] }
  | {
      readonly type: 'EditManufacturingProfitRows';
      readonly rows: readonly {
        readonly rowId: string;
        readonly quantitySold: number;
        readonly manufacturingCostCents: number;
        readonly sellGrossCents: number;
        readonly sellBrokerFeeCents: number;
        readonly sellTaxCents: number;
      }[];
    }
  | { readonly type: 'DeleteManufacturingProfitRows'; readonly rowIds: readonly string[] }
  | {
      readonly type: 'ReprocessJob';
      readonly jobId: number;
      readonly customUnitPrices: readonly { readonly typeId: number; readonly unitPriceCents: number }[];
      readonly customRunPriceCents: number | null;
    }
  | { readonly type: 'SetJobQuantityConsumed'; readonly jobId: number; readonly quantityConsumed: number }
  | {
      readonly type: 'EditContractProfitRows';
      readonly rows: readonly {
        readonly contractId: number;
        readonly totalCostCents: number;
        readonly sellGrossCents: number;
        readonly sellBrokerFeeCents: number;
        readonly sellTaxCents: number;
      }[];
    }
  | { readonly type: 'DeleteContractProfitRows'; readonly contractIds: readonly number[] }
  | {
      readonly type: 'SetContractItemQuantitiesConsumed';
      readonly items: readonly { readonly itemId: number; readonly quantityConsumed: number }[];
    };

export function evolveTradeLedgerEdits(
  state: TradeLedgerEditsState,
  event: TradeLedgerEvent,
): TradeLedgerEditsState {
  switch (event.type) {
    case 'WarehouseEntrySaved': {
      const warehouseEntries = new Map(state.warehouseEntries);
      warehouseEntries.set(event.data.entryId, { typeId: event.data.typeId });
      return { ...state, warehouseEntries };
    }
    case 'WarehouseEntryRemoved': {
      const warehouseEntries = new Map(state.warehouseEntries);
      warehouseEntries.delete(event.data.entryId);
      return { ...state, warehouseEntries };
    }
    case 'BrokerFeeOverrideSaved':
      return { ...state, brokerFeeOverrides: new Set([...state.brokerFeeOverrides, event.data.overrideId]) };
    case 'BrokerFeeOverrideRemoved': {
      const brokerFeeOverrides = new Set(state.brokerFeeOverrides);
      brokerFeeOverrides.delete(event.data.overrideId);
      return { ...state, brokerFeeOverrides };
    }
    case 'TradeProfitRowDeleted':
    case 'ManufacturingProfitRowDeleted':
      return { ...state, deletedRows: new Set([...state.deletedRows, event.data.rowId]) };
    case 'ContractProfitRowDeleted':
      return {
        ...state,
        deletedContractRows: new Set([...state.deletedContractRows, event.data.contractId]),
      };
    default:
      return state;
  }
}

/**
 * The events an edit appends to the account's `tradeledger` stream. Checks what the stream knows (entries,
 * overrides, deleted rows); checks against the ledger's figures (pending units, quantity bounds, existing rows)
 * are made by the caller on the read model before deciding.
 */
export function decideTradeLedgerEdit(
  state: TradeLedgerEditsState,
  edit: TradeLedgerEdit,
  accountId: string,
): TradeLedgerEvent[] {
  switch (edit.type) {
    case 'SaveWarehouseEntry': {
      if (edit.entryId !== undefined) {
        const existing = state.warehouseEntries.get(edit.entryId);
        if (!existing) throw new LedgerEditNotFoundError('There is no such warehouse entry.');
        if (existing.typeId !== edit.typeId)
          throw new LedgerEditRejectedError(
            'A warehouse entry keeps its item; add a new entry for another item.',
          );
      }
      return [
        {
          type: 'WarehouseEntrySaved',
          data: {
            accountId,
            entryId: edit.entryId ?? edit.newEntryId,
            typeId: edit.typeId,
            unitPriceCents: edit.unitPriceCents,
            quantity: edit.quantity,
          },
        },
      ];
    }
    case 'RemoveWarehouseEntry':
      if (!state.warehouseEntries.has(edit.entryId))
        throw new LedgerEditNotFoundError('There is no such warehouse entry.');
      return [{ type: 'WarehouseEntryRemoved', data: { accountId, entryId: edit.entryId } }];
    case 'AddBrokerFeeOverride': {
      const { type: _type, ...override } = edit;
      return [{ type: 'BrokerFeeOverrideSaved', data: { accountId, ...override } }];
    }
    case 'RemoveBrokerFeeOverride':
      if (!state.brokerFeeOverrides.has(edit.overrideId))
        throw new LedgerEditNotFoundError('There is no such broker fee override.');
      return [{ type: 'BrokerFeeOverrideRemoved', data: { accountId, overrideId: edit.overrideId } }];
    case 'ProcessPendingSales':
      return [
        ...edit.costs.map((cost): TradeLedgerEvent => ({
          type: 'PendingSaleCostSet',
          data: { accountId, ...cost },
        })),
        ...edit.ignored.map((transactionId): TradeLedgerEvent => ({
          type: 'PendingSaleIgnored',
          data: { accountId, transactionId },
        })),
      ];
    case 'SetTransactionQuantities':
      return [
        ...edit.consumed.map((change): TradeLedgerEvent => ({
          type: 'BuyQuantityConsumedSet',
          data: { accountId, ...change },
        })),
        ...edit.sold.map((change): TradeLedgerEvent => ({
          type: 'SellQuantitySoldSet',
          data: { accountId, ...change },
        })),
      ];
    case 'EditTradeProfitRows':
      for (const row of edit.rows)
        if (state.deletedRows.has(row.rowId))
          throw new LedgerEditNotFoundError(`Trade profit row ${row.rowId} was deleted.`);
      return edit.rows.map((row) => ({ type: 'TradeProfitRowEdited', data: { accountId, ...row } }));
    case 'DeleteTradeProfitRows':
      return edit.rowIds
        .filter((rowId) => !state.deletedRows.has(rowId))
        .map((rowId) => ({ type: 'TradeProfitRowDeleted', data: { accountId, rowId } }));
    case 'EditManufacturingProfitRows':
      for (const row of edit.rows)
        if (state.deletedRows.has(row.rowId))
          throw new LedgerEditNotFoundError(`Manufacturing profit row ${row.rowId} was deleted.`);
      return edit.rows.map((row) => ({ type: 'ManufacturingProfitRowEdited', data: { accountId, ...row } }));
    case 'DeleteManufacturingProfitRows':
      return edit.rowIds
        .filter((rowId) => !state.deletedRows.has(rowId))
        .map((rowId) => ({ type: 'ManufacturingProfitRowDeleted', data: { accountId, rowId } }));
    case 'ReprocessJob':
      return [
        {
          type: 'IndustryJobReprocessed',
          data: {
            accountId,
            jobId: edit.jobId,
            customUnitPrices: [...edit.customUnitPrices],
            customRunPriceCents: edit.customRunPriceCents,
          },
        },
      ];
    case 'SetJobQuantityConsumed':
      return [
        {
          type: 'JobQuantityConsumedSet',
          data: { accountId, jobId: edit.jobId, quantityConsumed: edit.quantityConsumed },
        },
      ];
    case 'EditContractProfitRows':
      for (const row of edit.rows)
        if (state.deletedContractRows.has(row.contractId))
          throw new LedgerEditNotFoundError(`Contract profit row ${row.contractId} was deleted.`);
      return edit.rows.map((row) => ({ type: 'ContractProfitRowEdited', data: { accountId, ...row } }));
    case 'DeleteContractProfitRows':
      return edit.contractIds
        .filter((contractId) => !state.deletedContractRows.has(contractId))
        .map((contractId) => ({ type: 'ContractProfitRowDeleted', data: { accountId, contractId } }));
    case 'SetContractItemQuantitiesConsumed':
      return edit.items.map(({ itemId, quantityConsumed }) => ({
        type: 'ContractItemQuantityConsumedSet',
        data: { accountId, itemId, quantityConsumed },
      }));
  }
}
