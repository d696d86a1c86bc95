import { Button, Flex, InputNumber, Modal, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ManufacturingResultPatch, ManufacturingResultRow } from '../../shared/api';
import { ErrorDialog, serverErrorText } from '../../shared/ui/editable-list';
import {
  NO_MISSING_INPUT_PRICES,
  materialName,
  reprocessPatch,
  type MissingInputPrices,
} from './industry-jobs';

interface MissingMaterial {
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
}

/** A custom price field (account-area §5: min 0, step 0.01). */
function PriceInput({
  id,
  label,
  value,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <InputNumber<string>
      id={id}
      aria-label={label}
      stringMode
      min="0"
      step={0.01}
      precision={2}
      placeholder="ISK"
      style={{ width: 160 }}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

/**
 * 'Missing inputs' (account-area §2 Industry Jobs): the job's materials and blueprint runs nothing covered, a
 * custom price for each, and Re-process Job, which takes what stock covers now and prices the rest. Keyed by
 * the job, so another job opens with empty prices.
 */
export function MissingInputsDialog({
  job,
  onReprocess,
  onClose,
}: {
  readonly job: ManufacturingResultRow | null;
  readonly onReprocess: (patch: ManufacturingResultPatch) => Promise<void>;
  readonly onClose: () => void;
}) {
  const { token } = theme.useToken();
  const [prices, setPrices] = useState<MissingInputPrices>(NO_MISSING_INPUT_PRICES);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const materials: MissingMaterial[] = (job?.missingMaterials ?? []).map(({ typeId, quantity }) => ({
    typeId,
    quantity,
    typeName: job ? materialName(job, typeId) : String(typeId),
  }));
  const columns: TableColumnsType<MissingMaterial> = [
    { title: 'Item', key: 'item', render: (_, material) => material.typeName },
    {
      title: 'Missing',
      key: 'missing',
      align: 'right',
      render: (_, material) => material.quantity.toLocaleString('en-US'),
    },
    {
      title: 'Custom Unit Price',
      key: 'unitPrice',
      align: 'right',
      render: (_, material) => (
        <PriceInput
          id={`missing-input-price-${material.typeId}`}
          label={`Custom unit price of ${material.typeName}`}
          value={prices.unitPrices[material.typeId] ?? ''}
          onChange={(value) =>
            setPrices((current) => ({
              ...current,
              unitPrices: { ...current.unitPrices, [material.typeId]: value },
            }))
          }
        />
      ),
    },
  ];

  const reprocess = async () => {
    if (!job) return;
    setRunning(true);
    try {
      await onReprocess(reprocessPatch(job, prices));
    } catch (failure) {
      setError(serverErrorText(failure));
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Modal
        open={job !== null}
        title="Missing inputs"
        width={640}
        onCancel={onClose}
        data-testid="industry-missing-inputs-dialog"
        footer={[
          <Button key="close" onClick={onClose}>
            Close
          </Button>,
          <Button
            key="reprocess"
            type="primary"
            loading={running}
            data-testid="industry-reprocess"
            onClick={() => void reprocess()}
          >
            Re-process Job
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">
          Re-processing takes what your stock covers now; a custom price covers what is still missing.
        </Typography.Paragraph>
        {materials.length > 0 ? (
          <Table<MissingMaterial>
            rowKey="typeId"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={materials}
          />
        ) : null}
        {job && job.missingRuns > 0 ? (
          <Flex
            align="center"
            justify="space-between"
            gap={token.marginSM}
            wrap
            style={{ marginTop: token.marginMD }}
          >
            <label htmlFor="missing-input-run-price">
              Missing blueprint runs: {job.missingRuns.toLocaleString('en-US')}; custom price per run
            </label>
            <PriceInput
              id="missing-input-run-price"
              label="Custom price per blueprint run"
              value={prices.runPrice}
              onChange={(runPrice) => setPrices((current) => ({ ...current, runPrice }))}
            />
          </Flex>
        ) : null}
      </Modal>
      <ErrorDialog text={error} onClose={() => setError(null)} testId="industry-reprocess-error-dialog" />
    </>
  );
}
