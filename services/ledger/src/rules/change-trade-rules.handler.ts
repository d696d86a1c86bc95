import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  foldTradeRules,
  tradeRulesStream,
  type StaffTradeRules,
  type TradeRulesChangeOutcome,
} from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import { TradeRuleViolation, tradeRulesDecider, type TradeRulesCommand } from './trade-rules.decider';

/** A staff member's change of the trade rules, recorded with the actor `staff:<name>`. */
export class ChangeTradeRules extends Command<TradeRulesChangeOutcome> {
  constructor(
    readonly command: TradeRulesCommand,
    readonly actor: `staff:${string}`,
  ) {
    super();
  }
}

@CommandHandler(ChangeTradeRules)
export class ChangeTradeRulesHandler implements ICommandHandler<ChangeTradeRules> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ command, actor }: ChangeTradeRules): Promise<TradeRulesChangeOutcome> {
    try {
      const { position, revision } = await runDecider(
        this.eventStore,
        tradeRulesStream(),
        tradeRulesDecider,
        command,
        { actor },
      );
      return { position, revision };
    } catch (error) {
      if (error instanceof TradeRuleViolation)
        throw new BadRequestException({ message: error.message, code: error.code });
      throw error;
    }
  }
}

/** The trade rules in force and every change of them, straight from the rules stream. */
@Injectable()
export class TradeRulesQueries {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async view(): Promise<StaffTradeRules> {
    const stream = tradeRulesStream();
    const events = await this.eventStore.readStream(stream);
    const current = foldTradeRules(events);
    return {
      stream,
      revision: events.at(-1)?.revision ?? null,
      current: { ...current, salesTaxHistory: [...current.salesTaxHistory] },
      history: events.map(({ revision, position, type, data, metadata }) => ({
        revision,
        position,
        type,
        data: data as Record<string, unknown>,
        actor: metadata.actor,
        recordedAt: metadata.recordedAt,
      })),
    };
  }
}
