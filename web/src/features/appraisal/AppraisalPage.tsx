import { Alert, Button, Flex, Spin, Typography, theme } from 'antd';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useState } from 'react';
import type { BaseApiState } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  appraisalApi,
  useAppraisalCreateMutation,
  useAppraisalGetQuery,
  type Appraisal,
  type AppraisalCreateBody,
  type PasteReading,
} from './appraisal-api';
import { createAppraisalDraftStore } from './appraisal-draft';
import {
  creationErrorBanner,
  errorStatus,
  guessKey,
  itemsToAppraise,
  notPricedLines,
  type ConfirmedGuesses,
  type NotPricedLine,
} from './appraisal-request';
import { AppraisalForm } from './AppraisalForm';
import { AppraisalHistory } from './AppraisalHistory';
import { AppraisalItemsTable } from './AppraisalItemsTable';
import { AppraisalResult } from './AppraisalResult';
import { HubComparisonCard } from './HubComparisonCard';
import { PasteLinesAccount } from './PasteLinesAccount';
import { copyToClipboard } from '../../shared/ui/editable-list';
import { parseExpiryText } from './expiry-text';
import { appraisalChoice, marketBody } from './market-choice';
import { usePastePreview } from './use-paste-preview';

const TEMPORARY_ID = 'temp';
const drafts = createAppraisalDraftStore<Appraisal, PasteReading>();
const NONE_CONFIRMED: ConfirmedGuesses = new Map();

const HELP = (
  <>
    Paste a contract, a ship fit, a hangar or any list of items. The sell price is the lowest sell order and
    the buy price is the highest buy order in the chosen region, at a trade hub's station, or in a public
    player structure's own market (read with your character, who must be able to dock there); blueprints are
    not appraised. A side without orders takes ESI's average price, or has no price at all and is left out of
    its total. Sell now is what the items would fetch sold into the buy orders right away, order by order.
  </>
);

/**
 * /appraisal and /appraisal/{id} (public-tools §2, §4, §5, §8): paste and submit; a temporary appraisal shows here
 * with id 'temp', a saved one at its own address. Update prices appraises the same items again.
 */
export default function AppraisalPage() {
  const { token } = theme.useToken();
  const dispatch = useDispatch<ThunkDispatch<BaseApiState, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id } = useParams();
  const { draft, lastCreated, banner } = drafts.useState();
  const preview = usePastePreview(draft.text);
  const [create, { isLoading: creating }] = useAppraisalCreateMutation();
  const [copiedAt, setCopiedAt] = useState<string | null>(null);
  const { data: account } = useGetAccountQuery();

  const savedId = id !== undefined && id !== TEMPORARY_ID ? id : null;
  const saved = useAppraisalGetQuery(savedId ? { id: savedId } : skipToken);
  const appraisal = savedId ? (saved.data ?? null) : (lastCreated?.temporary ?? null);

  const send = async (
    body: AppraisalCreateBody,
    reading: PasteReading | null = null,
    confirmed: ConfirmedGuesses = NONE_CONFIRMED,
  ) => {
    try {
      const { appraisal: created, numUnknown } = await create({ body }).unwrap();
      if (created.id === TEMPORARY_ID) {
        drafts.created({ temporary: created, id: TEMPORARY_ID, numUnknown, reading, confirmed });
        await navigate('/appraisal');
      } else {
        dispatch(appraisalApi.util.upsertQueryData('appraisalGet', { id: created.id }, created));
        drafts.created({ temporary: null, id: created.id, numUnknown, reading, confirmed });
        await navigate(`/appraisal/${created.id}`);
      }
    } catch (error) {
      drafts.failed(creationErrorBanner(error));
      if (errorStatus(error) === 400) await navigate('/appraisal');
    }
  };

  const expirySeconds = () => (draft.createLink ? (parseExpiryText(draft.expiresText) ?? 0) : 0);

  const submit = async () => {
    drafts.failed(null);
    const reading = await preview.readNow();
    if (!reading || reading.items.length === 0) return;
    await send(
      {
        ...marketBody(draft),
        createLink: draft.createLink,
        expirySeconds: expirySeconds(),
        items: itemsToAppraise(reading),
      },
      reading,
    );
  };

  /** Confirming a guess appraises the same paste again with that name priced as the guessed type. */
  const confirmGuess = async (line: NotPricedLine) => {
    if (!lastCreated?.reading || !line.guess) return;
    const confirmed = new Map(lastCreated.confirmed);
    confirmed.set(guessKey(line.text), line.guess.typeId);
    drafts.failed(null);
    await send(
      {
        ...marketBody(draft),
        createLink: draft.createLink,
        expirySeconds: expirySeconds(),
        items: itemsToAppraise(lastCreated.reading, confirmed),
      },
      lastCreated.reading,
      confirmed,
    );
  };

  const updatePrices = (current: Appraisal) =>
    send({
      ...marketBody(appraisalChoice(current)),
      createLink: current.id !== TEMPORARY_ID,
      expirySeconds: current.id !== TEMPORARY_ID ? (parseExpiryText(draft.expiresText) ?? 0) : 0,
      items: current.items.map((item) => ({ typeId: item.typeId, quantity: item.quantity })),
    });

  const copyLink = async (current: Appraisal) => {
    await copyToClipboard(`${window.location.origin}/appraisal/${current.id}`);
    setCopiedAt(pathname);
  };

  const notFound = savedId !== null && errorStatus(saved.error) === 404;
  const shownCreation = appraisal && lastCreated?.id === appraisal.id ? lastCreated : null;
  const notPriced = shownCreation?.reading
    ? notPricedLines(shownCreation.reading, shownCreation.confirmed)
    : [];
  const missingTemporary = id === TEMPORARY_ID && !lastCreated?.temporary;

  return (
    <PageContainer title="Appraisal" description={HELP}>
      {banner ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => drafts.failed(null)}
          message={banner}
          data-testid="appraisal-error"
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <AppraisalForm
        draft={draft}
        preview={preview}
        submitting={creating}
        onChange={drafts.updateDraft}
        onSubmit={() => void submit()}
      />
      {notFound || missingTemporary ? (
        <Alert
          type="info"
          showIcon
          data-testid="appraisal-not-found"
          style={{ marginTop: token.marginLG }}
          message="Appraisal not found"
          description="There is no appraisal at this address: the link may have expired. Paste the items again to appraise them."
        />
      ) : savedId !== null && saved.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: token.marginLG }}
          message="The appraisal could not be loaded."
          action={
            <Button size="small" onClick={() => void saved.refetch()}>
              Retry
            </Button>
          }
        />
      ) : savedId !== null && !appraisal ? (
        <Flex justify="center" style={{ marginTop: token.marginLG }}>
          <Spin size="large" />
        </Flex>
      ) : null}
      {appraisal ? (
        <>
          <AppraisalResult
            appraisal={appraisal}
            numUnknown={shownCreation ? shownCreation.numUnknown : null}
            updating={creating}
            linkCopied={copiedAt === pathname}
            loggedIn={Boolean(account)}
            onUpdatePrices={() => void updatePrices(appraisal)}
            onCopyLink={() => void copyLink(appraisal)}
          />
          <PasteLinesAccount
            lines={notPriced}
            busy={creating}
            onConfirm={(line) => void confirmGuess(line)}
          />
          <AppraisalItemsTable key={appraisal.id + appraisal.created} appraisal={appraisal} />
          <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
            Click a row for its current market details.
          </Typography.Paragraph>
          <HubComparisonCard key={appraisal.id + appraisal.created} appraisal={appraisal} />
        </>
      ) : null}
      {account ? (
        <div style={{ marginTop: token.marginLG }}>
          <AppraisalHistory />
        </div>
      ) : null}
    </PageContainer>
  );
}
