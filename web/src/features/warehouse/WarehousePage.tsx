import {
  Button,
  Card,
  Col,
  Flex,
  Input,
  InputNumber,
  Row,
  Switch,
  Table,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import type { LedgerWriteResult, WarehouseEntry } from '../../shared/api';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  ConfirmDeletionDialog,
  ErrorDialog,
  ItemAutocomplete,
  ListField,
  ListLoadError,
  centsIskText,
  iskColumn,
  errorStatus,
  serverErrorText,
  toCents,
  useWrittenPosition,
} from '../../shared/ui/editable-list';
import {
  useAddWarehouseEntryMutation,
  useEditWarehouseEntryMutation,
  useRemoveWarehouseEntryMutation,
  useWarehouseEntriesQuery,
  warehouseApi,
} from './warehouse-api';
import {
  canSaveWarehouseForm,
  itemNameFilter,
  quantityText,
  stackValueCents,
  warehouseEntryInput,
  warehouseFormOf,
  withDefaultPrice,
  type WarehouseForm,
} from './warehouse-entries';

const DESCRIPTION =
  'Stock with a known cost that your sales draw from when no purchase matches: loot, gifts, items bought before your history starts. Select an entry to edit it.';

const COLUMNS: TableColumnsType<WarehouseEntry> = [
  { title: 'Item', dataIndex: 'typeName', key: 'item' },
  iskColumn('Unit Price', 'unitPrice', (entry) => toCents(entry.unitPrice)),
  {
    title: 'Quantity',
    key: 'quantity',
    align: 'right',
    render: (_, entry) => <span data-testid="warehouse-quantity">{quantityText(entry.quantity)}</span>,
  },
  {
    title: 'Stack Value',
    key: 'stackValue',
    align: 'right',
    render: (_, entry) => {
      const value = stackValueCents(entry);
      return value === null ? '-' : centsIskText(value);
    },
  },
];

function HelpPanel() {
  return (
    <Card title="Help" size="small" data-testid="warehouse-help">
      <Typography.Paragraph>
        A sale is matched with your purchases first. When none is left, it takes units from the warehouse:
        finite stacks from the lowest unit price upward, then entries used as default price.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>Use as Default Price</strong> makes an entry an infinite stack (quantity Infinite): every
        later sale of the item without a purchase is costed at its unit price, and it never runs out.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        The filter takes a regular expression and ignores case: <code>^Tritanium$</code> or{' '}
        <code>skin|blueprint</code>.
      </Typography.Paragraph>
    </Card>
  );
}

/**
 * /warehouse: the Item Warehouse (account-area §2): the entries with a regular-expression filter, the Add or
 * Edit Entry form (Edit while a row is selected; Save once something changed) and a Help panel. Failures of
 * 400 and above show the server's text in 'Error' (§8).
 */
export default function WarehousePage() {
  const { token } = theme.useToken();
  const written = useWrittenPosition();
  const args = (at: number | null) => (at === null ? {} : { position: at });
  const { data, isFetching, isError, refetch } = useWarehouseEntriesQuery(args(written.position));
  const [addEntry] = useAddWarehouseEntryMutation();
  const [editEntry] = useEditWarehouseEntryMutation();
  const [removeEntry] = useRemoveWarehouseEntryMutation();
  const [filterText, setFilterText] = useState('');
  const [selected, setSelected] = useState<WarehouseEntry | null>(null);
  const [form, setForm] = useState<WarehouseForm>(() => warehouseFormOf(null));
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const filter = useMemo(() => itemNameFilter(filterText), [filterText]);
  const entries = useMemo(
    () => (data ?? []).filter((entry) => filter.matches(entry.typeName)),
    [data, filter],
  );
  const initial = useMemo(() => warehouseFormOf(selected), [selected]);

  const select = (entry: WarehouseEntry | null) => {
    setSelected(entry);
    setForm(warehouseFormOf(entry));
  };

  /** Runs a change, reads the list at its position, and goes back to an empty Add form. */
  const write = async (change: () => Promise<LedgerWriteResult>) => {
    setBusy(true);
    try {
      const result = await change();
      // Back to the Add form as soon as the change is accepted: the list may show it (the mutation's refetch) before
      // the read at its position answers, and what the user types by then must not be wiped.
      select(null);
      await written.show(result, (at) => warehouseApi.endpoints.warehouseEntries.initiate(args(at)), refetch);
    } catch (failure) {
      const status = errorStatus(failure);
      if (status === null || status < 400) throw failure;
      setError(serverErrorText(failure));
    } finally {
      setBusy(false);
      setConfirmingDelete(false);
    }
  };

  const save = () =>
    write(() => {
      const body = warehouseEntryInput(form);
      return selected
        ? editEntry({ id: selected.id, warehouseEntryInput: body }).unwrap()
        : addEntry({ warehouseEntryInput: body }).unwrap();
    });

  const remove = () => {
    const entry = selected;
    if (!entry) return Promise.resolve();
    return write(() => removeEntry({ id: entry.id }).unwrap());
  };

  const useAsDefault = form.quantity === null;

  return (
    <PageContainer title="Item Warehouse" description={DESCRIPTION}>
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={14}>
          <Flex wrap gap={token.margin} style={{ marginBottom: token.marginMD }}>
            <ListField id="warehouse-filter" label="Item filter (regular expression)">
              <Input
                id="warehouse-filter"
                allowClear
                style={{ width: 280 }}
                status={filter.valid ? undefined : 'warning'}
                placeholder="e.g. ^Tritanium$"
                value={filterText}
                onChange={(event) => setFilterText(event.target.value)}
              />
            </ListField>
          </Flex>
          {isError ? <ListLoadError what="warehouse" onRetry={() => void refetch()} /> : null}
          <div
            data-testid="warehouse-table"
            role="region"
            aria-label="Warehouse entries"
            tabIndex={0}
            style={{ overflowX: 'auto' }}
          >
            <Table<WarehouseEntry>
              rowKey="id"
              size="small"
              columns={COLUMNS}
              dataSource={entries}
              loading={isFetching}
              pagination={false}
              locale={{
                emptyText:
                  (data?.length ?? 0) > 0
                    ? 'No entries match the filter.'
                    : 'The warehouse is empty: add an entry with the form.',
              }}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: selected ? [selected.id] : [],
                onChange: (_, rows) => select(rows[0] ?? null),
                getCheckboxProps: (entry) =>
                  ({ 'aria-label': `Select ${entry.typeName}` }) as Record<string, string>,
              }}
              onRow={(entry) =>
                ({
                  'data-entry-id': entry.id,
                  onClick: () => select(entry),
                  style: { cursor: 'pointer' },
                }) as object
              }
            />
          </div>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={token.marginLG}>
            <Card title={selected ? 'Edit Entry' : 'Add Entry'} size="small" data-testid="warehouse-form">
              <Flex vertical gap={token.marginSM}>
                <ListField id="warehouse-item" label="Item">
                  <ItemAutocomplete
                    id="warehouse-item"
                    value={form.itemText}
                    disabled={selected !== null}
                    onTextChange={(itemText) => setForm((current) => ({ ...current, itemText }))}
                    onChoice={(item) => setForm((current) => ({ ...current, item }))}
                  />
                </ListField>
                <ListField id="warehouse-unit-price" label="Unit Price (ISK)">
                  <InputNumber<string>
                    id="warehouse-unit-price"
                    stringMode
                    min="0"
                    step={0.01}
                    precision={2}
                    style={{ width: '100%' }}
                    value={form.unitPrice === '' ? null : form.unitPrice}
                    onChange={(unitPrice) =>
                      setForm((current) => ({ ...current, unitPrice: unitPrice ?? '' }))
                    }
                  />
                </ListField>
                <ListField id="warehouse-quantity" label="Quantity">
                  {useAsDefault ? (
                    <Input id="warehouse-quantity" value="Infinite" disabled />
                  ) : (
                    <InputNumber<number>
                      id="warehouse-quantity"
                      min={1}
                      step={1}
                      precision={0}
                      style={{ width: '100%' }}
                      value={form.quantity}
                      onChange={(quantity) =>
                        setForm((current) => ({
                          ...current,
                          quantity: quantity === null ? 1 : Math.max(1, Math.floor(quantity)),
                        }))
                      }
                    />
                  )}
                </ListField>
                <Flex align="center" gap={token.marginXS}>
                  <Switch
                    id="warehouse-default-price"
                    checked={useAsDefault}
                    onChange={(checked) => setForm((current) => withDefaultPrice(current, checked))}
                  />
                  <label htmlFor="warehouse-default-price">Use as Default Price</label>
                </Flex>
                <Flex wrap gap={token.marginXS}>
                  <Button
                    type="primary"
                    data-testid="warehouse-save"
                    loading={busy}
                    disabled={!canSaveWarehouseForm(form, initial)}
                    onClick={() => void save()}
                  >
                    Save
                  </Button>
                  {selected ? (
                    <>
                      <Button data-testid="warehouse-deselect" onClick={() => select(null)}>
                        Deselect
                      </Button>
                      <Button danger data-testid="warehouse-delete" onClick={() => setConfirmingDelete(true)}>
                        Delete
                      </Button>
                    </>
                  ) : null}
                </Flex>
              </Flex>
            </Card>
            <HelpPanel />
          </Flex>
        </Col>
      </Row>
      <ConfirmDeletionDialog
        open={confirmingDelete}
        deleting={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
      <ErrorDialog text={error} onClose={() => setError(null)} testId="warehouse-error-dialog" />
    </PageContainer>
  );
}
