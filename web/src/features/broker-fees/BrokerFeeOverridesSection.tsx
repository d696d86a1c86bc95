import {
  Button,
  Card,
  Col,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Table,
  Typography,
  theme,
  type InputRef,
} from 'antd';
import { useRef, useState } from 'react';
import type { BrokerFeeOverride, BrokerFeeSuggestion, LedgerWriteResult } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import {
  ErrorDialog,
  ItemAutocomplete,
  ListField,
  errorStatus,
  serverErrorText,
  useWrittenPosition,
} from '../../shared/ui/editable-list';
import {
  brokerFeesApi,
  useAddBrokerFeeOverrideMutation,
  useBrokerFeeOverridesQuery,
  useBrokerFeeSuggestionsQuery,
  useRemoveBrokerFeeOverrideMutation,
} from './broker-fees-api';
import {
  basisSummary,
  basisText,
  brokerFeeFormValid,
  brokerFeeInput,
  canRemove,
  characterText,
  feeText,
  formFromSuggestion,
  hasSuggestions,
  itemText,
  newBrokerFeeForm,
  startDateText,
  walletOwners,
  type BrokerFeeForm,
} from './broker-fee-overrides';

const FEE_FIELDS = [
  { name: 'buyFee', label: 'Buy Fee %' },
  { name: 'sellFee', label: 'Sell Fee %' },
  { name: 'npcSellFee', label: 'NPC Station Sell Fee %' },
] as const;

/**
 * Settings → Broker Fee Overrides (account-area §2): a new-row form (start date in UTC, character, optional item,
 * three fees) and the list, built-in rows first ('Default'). Overrides with a character can be removed after a
 * confirmation; a refused add shows the server's text in 'Error' (§8). Above them, when the ledger has learned a
 * character's rates from its orders (docs/profit-rules.md §6.5), 'Suggested from your orders': 'Use' fills the
 * form with the row's character and rates, and the user chooses the start date.
 */
export function BrokerFeeOverridesSection() {
  const { token } = theme.useToken();
  const { data: account } = useGetAccountQuery();
  // Whose rates an override sets: a character's, or a tracked corporation's.
  const characters = account ? walletOwners(account) : [];
  const written = useWrittenPosition();
  const args = (at: number | null) => (at === null ? {} : { position: at });
  const { data, isFetching, refetch } = useBrokerFeeOverridesQuery(args(written.position));
  const { data: suggestions } = useBrokerFeeSuggestionsQuery({});
  const startDateInput = useRef<InputRef>(null);
  const [addOverride, { isLoading: adding }] = useAddBrokerFeeOverrideMutation();
  const [removeOverride, { isLoading: removing }] = useRemoveBrokerFeeOverrideMutation();
  const [form, setForm] = useState<BrokerFeeForm>(() =>
    newBrokerFeeForm(Date.now(), characters[0]?.id ?? null),
  );
  const [confirmingRemove, setConfirmingRemove] = useState<BrokerFeeOverride | null>(null);
  const [error, setError] = useState<string | null>(null);
  const characterId = form.characterId ?? characters[0]?.id ?? null;
  const current = { ...form, characterId };

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => brokerFeesApi.endpoints.brokerFeeOverrides.initiate(args(at)), refetch);

  const failed = (failure: unknown) => {
    const status = errorStatus(failure);
    if (status === null || status < 400) throw failure;
    setError(serverErrorText(failure));
  };

  const add = async () => {
    try {
      const added = await addOverride({
        brokerFeeOverrideInput: brokerFeeInput(current, Date.now()),
      }).unwrap();
      // Emptied as soon as the override is accepted: the list may show it (the mutation's refetch) before the read
      // at its position answers, and what the user types by then must not be wiped.
      setForm(newBrokerFeeForm(Date.now(), characterId));
      await showWrite(added);
    } catch (failure) {
      failed(failure);
    }
  };

  const remove = async () => {
    const row = confirmingRemove;
    if (!row?.id) return;
    try {
      await showWrite(await removeOverride({ id: row.id }).unwrap());
    } catch (failure) {
      failed(failure);
    } finally {
      setConfirmingRemove(null);
    }
  };

  const applySuggestion = (suggestion: BrokerFeeSuggestion) => {
    setForm(formFromSuggestion(current, suggestion));
    startDateInput.current?.focus();
  };

  const suggestionColumns = [
    { title: 'Character', key: 'character', dataIndex: 'characterName' },
    ...FEE_FIELDS.map((field) => ({
      title: field.label,
      key: field.name,
      align: 'right' as const,
      render: (_: unknown, row: BrokerFeeSuggestion) => feeText(row[field.name]),
    })),
    {
      title: 'Based On',
      key: 'basis',
      render: (_: unknown, row: BrokerFeeSuggestion) => basisSummary(row),
    },
    {
      title: '',
      key: 'use',
      render: (_: unknown, row: BrokerFeeSuggestion) => (
        <Button
          size="small"
          data-testid="broker-fee-suggestion-use"
          onClick={() => applySuggestion(row)}
          aria-label={`Use the suggested rates of ${row.characterName}`}
        >
          Use
        </Button>
      ),
    },
  ];

  const columns = [
    {
      title: 'Start Date (UTC)',
      key: 'startDate',
      render: (_: unknown, row: BrokerFeeOverride) => startDateText(row),
    },
    {
      title: 'Character',
      key: 'character',
      render: (_: unknown, row: BrokerFeeOverride) => characterText(row, characters),
    },
    { title: 'Item', key: 'item', render: (_: unknown, row: BrokerFeeOverride) => itemText(row) },
    ...FEE_FIELDS.map((field) => ({
      title: field.label,
      key: field.name,
      align: 'right' as const,
      render: (_: unknown, row: BrokerFeeOverride) => feeText(row[field.name]),
    })),
    {
      title: '',
      key: 'remove',
      render: (_: unknown, row: BrokerFeeOverride) =>
        canRemove(row) ? (
          <Button
            danger
            size="small"
            data-testid="broker-fee-remove"
            onClick={() => setConfirmingRemove(row)}
            aria-label={`Remove the override from ${startDateText(row)}`}
          >
            Remove
          </Button>
        ) : null,
    },
  ];

  return (
    <Card title="Broker Fee Overrides" data-testid="broker-fee-overrides">
      <Typography.Paragraph type="secondary">
        The broker fee rates your characters pay from a start date on, for every item or for one item. The
        ledger charges each trade the newest override in force at its time, or the default rates.
      </Typography.Paragraph>
      {hasSuggestions(suggestions) ? (
        <div
          role="region"
          aria-label="Suggested from your orders"
          data-testid="broker-fee-suggestions"
          tabIndex={0}
          style={{ overflowX: 'auto', marginBottom: token.marginMD }}
        >
          <Typography.Text strong>Suggested from your orders</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginXS }}>
            The rates your orders paid, from the broker fees in your wallet journal (a location counts once 5
            orders agree). Use fills the form; choose the start date and Add.
          </Typography.Paragraph>
          <Table<BrokerFeeSuggestion>
            size="small"
            rowKey="characterId"
            pagination={false}
            columns={suggestionColumns}
            dataSource={[...suggestions]}
            expandable={{
              expandedRowRender: (row) => (
                <ul style={{ margin: 0 }} data-testid="broker-fee-suggestion-basis">
                  {row.basis.map((basis) => (
                    <li key={basis.locationId}>{basisText(basis)}</li>
                  ))}
                </ul>
              ),
            }}
            onRow={(row) => ({ 'data-testid': `broker-fee-suggestion-${row.characterId}` }) as object}
          />
        </div>
      ) : null}
      <div data-testid="broker-fee-new-row">
        <Row gutter={[token.marginSM, token.marginSM]} align="bottom">
          <Col xs={24} md={8}>
            <ListField id="broker-fee-start" label="Start Date (YYYY-MM-DD HH:mm, UTC)">
              <Input
                id="broker-fee-start"
                ref={startDateInput}
                value={form.startDate}
                placeholder="YYYY-MM-DD HH:mm"
                onChange={(event) => setForm({ ...current, startDate: event.target.value })}
              />
            </ListField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <ListField id="broker-fee-character" label="Character">
              <Select<number>
                id="broker-fee-character"
                style={{ width: '100%' }}
                value={characterId ?? undefined}
                options={characters.map((character) => ({ value: character.id, label: character.name }))}
                onChange={(next) => setForm({ ...current, characterId: next })}
              />
            </ListField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <ListField id="broker-fee-item" label="Item (optional)">
              <ItemAutocomplete
                id="broker-fee-item"
                value={form.itemName}
                onTextChange={(itemName) => setForm((previous) => ({ ...previous, itemName }))}
                onChoice={() => undefined}
              />
            </ListField>
          </Col>
          {FEE_FIELDS.map((field) => (
            <Col xs={24} sm={8} md={6} key={field.name}>
              <ListField id={`broker-fee-${field.name}`} label={field.label}>
                <InputNumber<number>
                  id={`broker-fee-${field.name}`}
                  min={0}
                  step={0.01}
                  style={{ width: '100%' }}
                  value={form[field.name]}
                  onChange={(value) => setForm((previous) => ({ ...previous, [field.name]: value }))}
                />
              </ListField>
            </Col>
          ))}
          <Col xs={24} md={6}>
            <Button
              type="primary"
              data-testid="broker-fee-add"
              loading={adding}
              disabled={!brokerFeeFormValid(current)}
              onClick={() => void add()}
            >
              Add
            </Button>
          </Col>
        </Row>
      </div>
      <div
        role="region"
        aria-label="Broker fee overrides"
        tabIndex={0}
        style={{ overflowX: 'auto', marginTop: token.marginMD }}
      >
        <Table<BrokerFeeOverride>
          size="small"
          rowKey={(row) =>
            row.id ?? `default-${row.typeId ?? 'all'}-${row.buyFee}-${row.sellFee}-${row.npcSellFee}`
          }
          loading={isFetching}
          pagination={false}
          columns={columns}
          dataSource={data ?? []}
          onRow={(row) => ({ 'data-testid': `broker-fee-row-${row.id ?? 'default'}` }) as object}
        />
      </div>
      <Modal
        open={confirmingRemove !== null}
        title="Remove broker fee override?"
        onCancel={() => setConfirmingRemove(null)}
        data-testid="broker-fee-remove-dialog"
        footer={[
          <Button key="cancel" onClick={() => setConfirmingRemove(null)}>
            Cancel
          </Button>,
          <Button key="remove" type="primary" danger loading={removing} onClick={() => void remove()}>
            Remove
          </Button>,
        ]}
      >
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Trades from {confirmingRemove ? startDateText(confirmingRemove) : ''} on will be charged the earlier
          rates again.
        </Typography.Paragraph>
      </Modal>
      <ErrorDialog text={error} onClose={() => setError(null)} testId="broker-fee-error-dialog" />
    </Card>
  );
}
