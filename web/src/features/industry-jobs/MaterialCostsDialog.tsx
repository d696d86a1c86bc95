import { Button, Modal, Table, Typography, type TableColumnsType } from 'antd';
import type { ManufacturingResultRow } from '../../shared/api';
import { centsIskText } from '../../shared/ui/editable-list';
import { materialCostLines, type MaterialCostLine } from './industry-jobs';

const COLUMNS: TableColumnsType<MaterialCostLine> = [
  { title: 'Item', key: 'item', render: (_, line) => line.typeName },
  {
    title: 'Total Cost',
    key: 'totalCost',
    align: 'right',
    render: (_, line) => (
      <Typography.Text
        type={line.unpricedUnits > 0 ? 'danger' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        title={
          line.unpricedUnits > 0 ? `${line.unpricedUnits.toLocaleString('en-US')} units missing` : undefined
        }
      >
        {centsIskText(line.totalCostCents)}
      </Typography.Text>
    ),
  },
];

/** Materials Cost's per-item breakdown (account-area §2 Industry Jobs: Item, Total Cost). */
export function MaterialCostsDialog({
  job,
  onClose,
}: {
  readonly job: ManufacturingResultRow | null;
  readonly onClose: () => void;
}) {
  return (
    <Modal
      open={job !== null}
      title={job ? `Materials of ${job.productTypeName ?? job.blueprintTypeName}` : 'Materials'}
      onCancel={onClose}
      data-testid="industry-materials-dialog"
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Table<MaterialCostLine>
        rowKey="typeId"
        size="small"
        pagination={false}
        columns={COLUMNS}
        dataSource={job ? materialCostLines(job) : []}
        locale={{ emptyText: 'No materials' }}
      />
    </Modal>
  );
}
