import { Alert, Col, Row, Spin, theme } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import { BlueprintPanel } from './BlueprintPanel';
import { InputMaterialsCard, OutputCard } from './CalculationTables';
import { FacilityPanel } from './FacilityPanel';
import { useAccountStructuresQuery, useRegionsQuery, useStructureRigsQuery } from './industry-api';
import {
  DEFAULT_STATE,
  asReaction,
  calculationRequest,
  calculatorPath,
  decodeLink,
  encodeLink,
  withBlueprint,
  withCustomPrice,
  type IndustryCalculatorState,
  type StateChange,
} from './industry-state';
import { MarketPanel } from './MarketPanel';
import { BetaNotesCard, ExportCard, ResultsCard } from './ResultsAndExport';
import { useIndustryCalculation } from './use-industry-calculation';
import { InventionCard, SkillsCard } from './InventionPanels';
import { BuildTreeCard, ScienceCard } from './BuildTreePanels';

const NO_STRUCTURES = [] as const;
const NO_CHARACTERS = [] as const;

/**
 * /industryCalculator and /industryCalculator/{link}: the industry and reaction calculator (public-tools §2, §4).
 * The address holds the whole state (a numeric link is a blueprint type id, or the id of an item a blueprint makes),
 * so a copied link reopens the same calculation; every change replaces it and recalculates, at most once a second.
 */
export default function IndustryCalculatorPage() {
  const { token } = theme.useToken();
  const { link = '' } = useParams();
  const navigate = useNavigate();
  const decoded = useMemo(() => decodeLink(link), [link]);
  const [state, setState] = useState<IndustryCalculatorState>(decoded ?? DEFAULT_STATE);
  const [calculated, setCalculated] = useState<{ blueprintTypeId: number; isReaction: boolean } | null>(null);
  // A numeric link does not say whether the blueprint is a reaction formula; the last answer does.
  const inputs = useMemo(() => {
    if (!calculated || calculated.blueprintTypeId !== state.blueprintTypeId) return state;
    if (calculated.isReaction === state.isReaction) return state;
    return calculated.isReaction ? asReaction(state) : { ...state, isReaction: false };
  }, [calculated, state]);
  const ownLink = encodeLink(inputs);

  const [shownLink, setShownLink] = useState(link);
  // An address from outside (Back, Forward, a pasted link) replaces the state, as React recommends, while rendering.
  if (link !== shownLink) {
    setShownLink(link);
    if (link !== ownLink) setState(decoded ?? DEFAULT_STATE);
  }
  // Every change is written to the address, so it can be shared; a link that could not be read stays until then.
  const unreadLink = decoded === null && state === DEFAULT_STATE;
  useEffect(() => {
    if (link !== ownLink && !unreadLink) void navigate(calculatorPath(inputs), { replace: true });
  }, [link, ownLink, unreadLink, inputs, navigate]);

  const update = useCallback((change: StateChange) => setState((previous) => change(previous)), []);

  const { data: account } = useGetAccountQuery();
  const { data: settings } = useAccountStructuresQuery(account ? undefined : skipToken);
  const structures = settings?.structures ?? NO_STRUCTURES;
  const { data: rigNames } = useStructureRigsQuery();
  const { data: regions } = useRegionsQuery();

  const request = useMemo(() => calculationRequest(inputs, structures), [inputs, structures]);
  const { calculation, error, calculating } = useIndustryCalculation(request);
  // A link with an item's id (the market browser's button) is answered with the blueprint that makes it: the
  // calculator goes on with that blueprint, and its address says so.
  if (
    calculation !== null &&
    calculation.requestedTypeId === inputs.blueprintTypeId &&
    calculation.blueprintTypeId !== inputs.blueprintTypeId
  ) {
    setState(withBlueprint(inputs, calculation.blueprintTypeId, calculation.isReaction));
  }
  const current =
    calculation !== null && calculation.blueprintTypeId === inputs.blueprintTypeId ? calculation : null;
  if (
    current &&
    (calculated?.blueprintTypeId !== current.blueprintTypeId || calculated.isReaction !== current.isReaction)
  ) {
    setCalculated({ blueprintTypeId: current.blueprintTypeId, isReaction: current.isReaction });
  }

  const blueprintName = inputs.blueprintTypeId === null ? '' : (current?.blueprintTypeName ?? null);
  const shareLink = `${window.location.origin}${calculatorPath(inputs)}`;
  const gap = token.marginLG;

  return (
    <PageContainer
      title="Industry Calculator"
      description="What a manufacturing job or reaction costs and earns: materials, job installation cost and build time with the game's formulas, priced at the market of your choice."
      extra={calculating ? <Spin size="small" data-testid="industry-calculating" /> : null}
    >
      {decoded === null ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: gap }}
          message="This calculator link could not be read; the calculator starts afresh."
        />
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          data-testid="industry-error"
          style={{ marginBottom: gap }}
          message={error}
        />
      ) : null}
      <Row gutter={[gap, gap]}>
        <Col xs={24} xl={12}>
          <BlueprintPanel
            state={inputs}
            onChange={update}
            blueprintName={blueprintName}
            calculated={current}
          />
        </Col>
        <Col xs={24} xl={12}>
          <FacilityPanel
            state={inputs}
            onChange={update}
            structures={structures}
            rigNames={rigNames ?? {}}
            computedMaterialModifier={current?.materialConsumptionModifier ?? null}
          />
        </Col>
        <Col xs={24} xl={12}>
          <MarketPanel state={inputs} onChange={update} regions={regions ?? []} />
        </Col>
        <Col xs={24} xl={12}>
          <BetaNotesCard />
        </Col>
        <Col xs={24} xl={12}>
          <SkillsCard
            calculation={current}
            skills={inputs.skills}
            unlistedSkillLevel={inputs.unlistedSkillLevel}
            characters={account?.characters ?? NO_CHARACTERS}
            onChange={update}
          />
        </Col>
        {current?.invention ? (
          <Col xs={24} xl={12}>
            <InventionCard
              invention={current.invention}
              decryptorTypeId={inputs.decryptorTypeId}
              includeInvention={inputs.includeInvention}
              onChange={update}
            />
          </Col>
        ) : null}
        {inputs.isReaction ? null : (
          <Col xs={24} xl={12}>
            <ScienceCard state={inputs} calculation={current} onChange={update} />
          </Col>
        )}
        <Col span={24}>
          <BuildTreeCard calculation={current} build={inputs.build} onChange={update} />
        </Col>
        <Col span={24}>
          <InputMaterialsCard
            calculation={current}
            customPrices={inputs.customInputPrices}
            onCustomPrice={(typeId, price) =>
              update((previous) => ({
                ...previous,
                customInputPrices: withCustomPrice(previous.customInputPrices, typeId, price),
              }))
            }
          />
        </Col>
        <Col span={24}>
          <OutputCard
            calculation={current}
            isReaction={inputs.isReaction}
            customPrices={inputs.customOutputPrices}
            onCustomPrice={(typeId, price) =>
              update((previous) => ({
                ...previous,
                customOutputPrices: withCustomPrice(previous.customOutputPrices, typeId, price),
              }))
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <ResultsCard calculation={current} />
        </Col>
        <Col xs={24} xl={12}>
          <ExportCard
            calculation={current}
            jobs={inputs.jobs}
            onJobs={(jobs) => update((previous) => ({ ...previous, jobs }))}
            link={shareLink}
          />
        </Col>
      </Row>
    </PageContainer>
  );
}
