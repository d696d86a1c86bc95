import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { foldTradeRules, tradeRulesStream, type TradeRules } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import { TradeRuleViolation, tradeRulesDecider, type TradeRulesCommand } from './trade-rules.decider';

export interface TradeRulesChangeOutcome {
  /** Global position of the recorded rule event. */
  readonly position: number | null;
  /** Revision of the rules stream after the change: a generation built from now on folds with it. */
  readonly revision: number | null;
}

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

/** One recorded change of the rules: what, who, when and why. */
export interface TradeRuleChange {
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: unknown;
  readonly actor: string;
  readonly recordedAt: string;
}

export interface TradeRulesView {
  readonly stream: string;
  /** Null while no change is recorded (the spec's values are in force). */
  readonly revision: number | null;
  readonly current: TradeRules;
  /** Oldest first. */
  readonly history: readonly TradeRuleChange[];
}

/** The trade rules in force and every change of them, straight from the rules stream. */
@Injectable()
export class TradeRulesQueries {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async view(): Promise<TradeRulesView> {
    const stream = tradeRulesStream();
    const events = await this.eventStore.readStream(stream);
    return {
      stream,
      revision: events.at(-1)?.revision ?? null,
      current: foldTradeRules(events),
      history: events.map(({ revision, position, type, data, metadata }) => ({
        revision,
        position,
        type,
        data,
        actor: metadata.actor,
        recordedAt: metadata.recordedAt,
      })),
    };
  }
}
