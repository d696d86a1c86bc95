import { Button, Modal, Table, Typography, type TableColumnsType } from 'antd';
import type { ContractProfitRow } from '../../shared/api';
import { centsIskText, toCents } from '../../shared/ui/editable-list';
import { materialName } from './contract-profit-edit';

interface MissingItem {
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
}

interface ItemCost {
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
  readonly totalCost: number;
  readonly missing: number;
}

const MISSING_COLUMNS: TableColumnsType<MissingItem> = [
  { title: 'Item', key: 'item', render: (_, item) => item.typeName },
  {
    title: 'Quantity without a buy price',
    key: 'quantity',
    align: 'right',
    render: (_, item) => item.quantity.toLocaleString('en-US'),
  },
];

const COST_COLUMNS: TableColumnsType<ItemCost> = [
  { title: 'Item', key: 'item', render: (_, item) => item.typeName },
  {
    title: 'Quantity',
    key: 'quantity',
    align: 'right',
    render: (_, item) => item.quantity.toLocaleString('en-US'),
  },
  {
    title: 'Total Cost',
    key: 'totalCost',
    align: 'right',
    render: (_, item) => (
      <Typography.Text type={item.missing > 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {centsIskText(toCents(item.totalCost))}
      </Typography.Text>
    ),
  },
  {
    title: 'Missing',
    key: 'missing',
    align: 'right',
    render: (_, item) => item.missing.toLocaleString('en-US'),
  },
];

/**
 * Why a contract is left out of profit (account-area §2 Contract Profit List): items without a buy price are
 * excluded, so the cost would be too low; which items those are, what each item cost, and how to count it.
 */
export function ExcludedContractDialog({
  row,
  onClose,
}: {
  readonly row: ContractProfitRow | null;
  readonly onClose: () => void;
}) {
  const missing: MissingItem[] = row
    ? row.missingMaterials.map((item) => ({ ...item, typeName: materialName(row, item.typeId) }))
    : [];
  const costs: ItemCost[] = row
    ? row.materialCosts.map((cost) => ({ ...cost, typeName: materialName(row, cost.typeId) }))
    : [];
  return (
    <Modal
      open={row !== null}
      title="Excluded from profit"
      onCancel={onClose}
      width={640}
      data-testid="contract-excluded-dialog"
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="contract-excluded-explanation">
        Items without a buy price are excluded: some items this contract sold were not bought by your
        characters (or their purchase is not in the wallet history), so their cost is unknown and the
        contract's total cost is too low. The contract is left out of your profit until you edit its total
        cost.
      </Typography.Paragraph>
      <Typography.Title level={5}>Items without a buy price</Typography.Title>
      <Table<MissingItem>
        data-testid="contract-missing-items"
        rowKey="typeId"
        size="small"
        pagination={false}
        columns={MISSING_COLUMNS}
        dataSource={missing}
        locale={{ emptyText: 'No items' }}
        style={{ marginBottom: 16 }}
      />
      <Typography.Title level={5}>Cost of each item</Typography.Title>
      <Table<ItemCost>
        data-testid="contract-item-costs"
        rowKey="typeId"
        size="small"
        pagination={false}
        columns={COST_COLUMNS}
        dataSource={costs}
        locale={{ emptyText: 'No items' }}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        To count this contract, select its row, choose Edit, set the Total Cost to what the items were worth
        and Save.
      </Typography.Paragraph>
    </Modal>
  );
}
