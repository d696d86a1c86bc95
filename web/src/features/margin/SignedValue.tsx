import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { toneOf } from './margin-calculator';

const TEXT_TYPE = { positive: 'success', negative: 'danger', neutral: undefined } as const;

/** A profit or margin, green when positive and red when negative (public-tools §2). */
export function SignedValue({
  sign,
  children,
}: {
  readonly sign: bigint | null;
  readonly children: ReactNode;
}) {
  const tone = toneOf(sign);
  return (
    <Typography.Text type={TEXT_TYPE[tone]} data-tone={tone}>
      {children}
    </Typography.Text>
  );
}
