import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';

/** One order's recorded broker fee match, for the account whose ledger matched it: `orderfees-<orderId>.<accountId>`. */
export function orderFeeMatchStream(accountId: string, orderId: number): string {
  return streamName('orderfees', `${orderId}.${accountId}`);
}

const cents = z.number().int().nonnegative();

/**
 * The broker fees the trade ledger matched to one market order, recorded once the match is final (docs/profit-rules.md
 * §6.6): the order is closed, every fee and fill was matched, and the owner's order reads, wallet and journal reach a
 * day past its close, so no later read can change it. From then on the ledger charges the order's fills what this
 * event says, whatever a later rule would find, and an auditor reads here which journal rows and which fills made
 * each fill's broker fee.
 */
export const orderFeesMatched = defineEvent({
  type: 'OrderFeesMatched',
  schemaVersion: 1,
  schema: z.object({
    accountId: z.string().uuid(),
    orderId: z.number().int(),
    /** The order's owner: the character, or the corporation whose order it was. */
    ownerId: z.number().int().positive(),
    /** The `brokers_fee` journal rows the order was charged, placement first. */
    fees: z
      .array(
        z.object({
          journalEntryId: z.number().int(),
          date: z.string(),
          amountCents: cents,
          kind: z.enum(['placement', 'change']),
          /** Units on the order when it was charged. */
          unitsOnOrder: z.number().int().positive(),
        }),
      )
      .min(1),
    /** The wallet transactions that filled it, each with its share of the fees. */
    fills: z.array(
      z.object({
        transactionId: z.number().int(),
        quantity: z.number().int().positive(),
        brokerFeeCents: cents,
      }),
    ),
    /** The fees of units that never filled: a cost of trading outside any sale. */
    unfilledFeeCents: cents,
    /**
     * What the match taught the character's learned broker rates at the order's location (docs/profit-rules.md
     * §6.2): its placement fee ÷ its value, and its first change's fee (less the rate on any increase) ÷ the new
     * value, each null when it taught none. The recorded order teaches this from then on, and leaves the matching.
     * Absent in records made before it was recorded: those teach nothing.
     */
    taught: z
      .object({
        ratePpm: cents.nullable(),
        /** In tenths of a ppm. */
        relistRateTenthsOfPpm: cents.nullable(),
      })
      .optional(),
  }),
});

export const orderFeeEventDefinitions = [orderFeesMatched] as const;

export type OrderFeesMatched = z.infer<typeof orderFeesMatched.schema>;
