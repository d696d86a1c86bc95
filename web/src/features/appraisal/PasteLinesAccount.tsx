import { Alert, Button, Table, Tag, theme, type TableColumnsType } from 'antd';
import type { NotPricedLine } from './appraisal-request';
import { formatWholeNumber } from './appraisal-format';

interface PasteLinesAccountProps {
  readonly lines: readonly NotPricedLine[];
  readonly busy: boolean;
  onConfirm(line: NotPricedLine): void;
}

const STATUS: Record<NotPricedLine['status'], { label: string; color: string }> = {
  guess: { label: 'Guess', color: 'gold' },
  confirmed: { label: 'Confirmed', color: 'green' },
  unknown: { label: 'Unknown name', color: 'red' },
  unreadable: { label: 'Not read', color: 'default' },
};

/**
 * The lines of the paste the appraisal did not price, like evepraisal's "bad lines": unknown names, unreadable
 * lines, and guesses (a known name inside an unknown one) with a button to confirm them. Nothing here counts in
 * the totals until confirmed.
 */
export function PasteLinesAccount({ lines, busy, onConfirm }: PasteLinesAccountProps) {
  const { token } = theme.useToken();
  if (lines.length === 0) return null;
  const columns: TableColumnsType<NotPricedLine> = [
    { title: 'Line', key: 'line', width: 80, render: (_, line) => line.lineNumbers.join(', ') },
    { title: 'Text', key: 'text', render: (_, line) => line.text },
    {
      title: 'Quantity',
      key: 'quantity',
      width: 110,
      render: (_, line) => (line.quantity === null ? '-' : formatWholeNumber(line.quantity)),
    },
    {
      title: 'What happened',
      key: 'status',
      render: (_, line) => (
        <>
          <Tag color={STATUS[line.status].color}>{STATUS[line.status].label}</Tag>
          {line.message}
        </>
      ),
    },
    {
      title: '',
      key: 'confirm',
      width: 220,
      render: (_, line) =>
        line.status === 'guess' && line.guess ? (
          <Button
            size="small"
            disabled={busy}
            onClick={() => onConfirm(line)}
            data-testid="appraisal-confirm-guess"
          >
            Use {line.guess.typeName}
          </Button>
        ) : null,
    },
  ];
  return (
    <div data-testid="appraisal-not-priced" style={{ marginTop: token.marginLG }}>
      <Alert
        type="warning"
        showIcon
        message={`${lines.length} ${lines.length === 1 ? 'line was' : 'lines were'} not priced`}
        description="Unknown names and lines that could not be read add nothing to the totals. A guess is priced only once you confirm it."
        style={{ marginBottom: token.marginSM }}
      />
      <Table<NotPricedLine>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={[...lines]}
        pagination={lines.length > 20 ? { pageSize: 20 } : false}
      />
    </div>
  );
}
