import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../shared/ui/PageContainer';
import { initialMarginFormValues } from './margin-inputs';
import { MarginCalculator } from './MarginCalculator';

/**
 * /margin: profit and margin of a trade after broker fees and sales tax. The query parameters prefill the form
 * (missing or invalid ones take the defaults); a link with other parameters starts the form afresh.
 */
export default function MarginCalculatorPage() {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const initialValues = useMemo(() => initialMarginFormValues(new URLSearchParams(search)), [search]);
  return (
    <PageContainer
      title="Margin Calculator"
      description="What a trade earns after broker fees and sales tax. Each side pays a broker fee of at least 100 ISK per order, so small orders earn less than their prices suggest."
    >
      <MarginCalculator key={search} initialValues={initialValues} />
    </PageContainer>
  );
}
