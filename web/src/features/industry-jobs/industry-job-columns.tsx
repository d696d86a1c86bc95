import { Button, Typography, type TableColumnsType } from 'antd';
import type { ManufacturingResultRow } from '../../shared/api';
import {
  InlineNumberInput,
  centsIskText,
  dateColumn,
  toCents,
  unitsColumn,
  unitsInput,
  type EditableList,
} from '../../shared/ui/editable-list';
import {
  activityName,
  consumedBounds,
  consumedEditable,
  costsIncomplete,
  hasMissingInputs,
  jobCosted,
  jobNote,
  ownerText,
  shownJob,
  withConsumed,
  type JobLine,
} from './industry-jobs';

type Column = TableColumnsType<JobLine>[number];

/** An amount in full ISK, red while the job's costs are incomplete; '-' for a job that is not costed. */
function CostText({ row, isk }: { readonly row: ManufacturingResultRow; readonly isk: number | null }) {
  if (isk === null) return <span>-</span>;
  return (
    <Typography.Text
      type={costsIncomplete(row) ? 'danger' : undefined}
      style={{ whiteSpace: 'nowrap' }}
      data-cost-incomplete={costsIncomplete(row) ? 'true' : undefined}
    >
      {centsIskText(toCents(isk))}
    </Typography.Text>
  );
}

function costColumn(
  title: string,
  key: string,
  iskOf: (row: ManufacturingResultRow) => number | null,
): Column {
  return {
    title,
    key,
    align: 'right',
    render: (_, line) => <CostText row={line.row} isk={iskOf(line.row)} />,
  };
}

function consumedCell(line: JobLine, list: EditableList<number, JobLine>) {
  const row = shownJob(line);
  if (!list.state.editing || !consumedEditable(line.row)) return row.quantityConsumed.toLocaleString('en-US');
  const { min, max } = consumedBounds(line.row);
  return (
    <InlineNumberInput<number>
      value={row.quantityConsumed}
      label={`Consumed of job ${line.row.jobId}, ${min} to ${max}`}
      testId="industry-consumed"
      width={90}
      parse={unitsInput}
      format={String}
      onValue={(value) => list.edit(line.row.jobId, withConsumed(line, value))}
    />
  );
}

export interface JobActions {
  readonly showMaterials: (row: ManufacturingResultRow) => void;
  readonly showMissingInputs: (row: ManufacturingResultRow) => void;
}

/**
 * The columns of Industry Jobs (account-area §2): Completed Time, Owner, Activity, Blueprint, Products, the
 * costs (red while incomplete; Materials Cost opens its breakdown), Runs, Produced, Sold, Consumed (editable)
 * and Actions ('Missing inputs', or why a job is not costed).
 */
export function industryJobColumns(
  list: EditableList<number, JobLine>,
  actions: JobActions,
): TableColumnsType<JobLine> {
  return [
    dateColumn((line) => line.row.completedDate, 'Completed Time'),
    { title: 'Owner', key: 'owner', render: (_, line) => ownerText(line.row) },
    { title: 'Activity', key: 'activity', render: (_, line) => activityName(line.row.activityId) },
    { title: 'Blueprint', key: 'blueprint', render: (_, line) => line.row.blueprintTypeName },
    { title: 'Products', key: 'products', render: (_, line) => line.row.productTypeName ?? '-' },
    costColumn('Job Cost', 'jobCost', (row) => row.cost),
    {
      title: 'Materials Cost',
      key: 'materialsCost',
      align: 'right',
      render: (_, line) => {
        const { row } = line;
        if (!jobCosted(row) || row.materialCosts.length === 0)
          return <CostText row={row} isk={jobCosted(row) ? row.materialsCost : null} />;
        return (
          <Button
            type="link"
            size="small"
            data-testid="industry-materials-cost"
            title="Show the cost of each material"
            aria-label={`Materials cost ${centsIskText(toCents(row.materialsCost))} of job ${row.jobId}: show each material`}
            style={{ padding: 0 }}
            onClick={() => actions.showMaterials(row)}
          >
            <CostText row={row} isk={row.materialsCost} />
          </Button>
        );
      },
    },
    costColumn('Copy Cost', 'copyCost', (row) => (jobCosted(row) ? row.copiesCost : null)),
    costColumn('Unit Cost', 'unitCost', (row) => (jobCosted(row) ? row.unitCost : null)),
    unitsColumn('Runs', 'runs', (line) => line.row.runs),
    unitsColumn('Produced', 'produced', (line) => line.row.quantity),
    unitsColumn('Sold', 'sold', (line) => line.row.quantitySold),
    {
      title: 'Consumed',
      key: 'consumed',
      align: 'right',
      render: (_, line) => consumedCell(line, list),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, line) => {
        const note = jobNote(line.row);
        if (note !== null)
          return (
            <Typography.Text
              type="secondary"
              style={{ whiteSpace: 'nowrap' }}
              data-testid="industry-job-note"
            >
              {note}
            </Typography.Text>
          );
        if (!hasMissingInputs(line.row)) return null;
        return (
          <Button
            size="small"
            danger
            data-testid="industry-missing-inputs"
            onClick={() => actions.showMissingInputs(line.row)}
          >
            Missing inputs
          </Button>
        );
      },
    },
  ];
}
