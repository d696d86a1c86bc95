import {
  LedgerEditNotFoundError,
  decideTradeLedgerEdit,
  evolveTradeLedgerEdits,
  initialTradeLedgerEditsState,
} from './trade-ledger-edits.decider';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const figures = { totalCostCents: 100, sellGrossCents: 1_000, sellBrokerFeeCents: 10, sellTaxCents: 5 };

describe('trade ledger edits: contracts', () => {
  it('given nothing deleted, when contract rows are edited, then each edit is an event with its figures', () => {
    expect(
      decideTradeLedgerEdit(
        initialTradeLedgerEditsState,
        { type: 'EditContractProfitRows', rows: [{ contractId: 7, ...figures }] },
        ACCOUNT,
      ),
    ).toEqual([{ type: 'ContractProfitRowEdited', data: { accountId: ACCOUNT, contractId: 7, ...figures } }]);
  });

  it('given a deleted contract row, then deleting it again records nothing and editing it is refused', () => {
    const state = evolveTradeLedgerEdits(initialTradeLedgerEditsState, {
      type: 'ContractProfitRowDeleted',
      data: { accountId: ACCOUNT, contractId: 7 },
    });
    expect(
      decideTradeLedgerEdit(state, { type: 'DeleteContractProfitRows', contractIds: [7, 8] }, ACCOUNT),
    ).toEqual([{ type: 'ContractProfitRowDeleted', data: { accountId: ACCOUNT, contractId: 8 } }]);
    expect(() =>
      decideTradeLedgerEdit(
        state,
        { type: 'EditContractProfitRows', rows: [{ contractId: 7, ...figures }] },
        ACCOUNT,
      ),
    ).toThrow(LedgerEditNotFoundError);
  });

  it('when bought contract items are marked consumed, then each is an event', () => {
    expect(
      decideTradeLedgerEdit(
        initialTradeLedgerEditsState,
        { type: 'SetContractItemQuantitiesConsumed', items: [{ itemId: 3, quantityConsumed: 2 }] },
        ACCOUNT,
      ),
    ).toEqual([
      {
        type: 'ContractItemQuantityConsumedSet',
        data: { accountId: ACCOUNT, itemId: 3, quantityConsumed: 2 },
      },
    ]);
  });
});
