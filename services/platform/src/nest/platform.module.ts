import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventCatalogue } from '@tradewise/contracts';
import { createAdapters, type PlatformAdapters } from '../adapters/create-adapters';
import type { PlatformConfig } from '../config/platform-config';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../logging/logger';
import { CHECKPOINT_STORE } from '../ports/checkpoint-store.port';
import { CLOCK, SystemClock, type Clock } from '../ports/clock.port';
import { EVENT_STORE } from '../ports/event-store.port';
import { MESSAGE_BUS } from '../ports/message-bus.port';
import { READ_STORE } from '../ports/read-store.port';
import { StaffRoles } from './staff-roles';

export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
export const PLATFORM_ADAPTERS = Symbol('PLATFORM_ADAPTERS');
export const EVENT_CATALOGUE = Symbol('EVENT_CATALOGUE');

export interface PlatformModuleOptions {
  readonly config: PlatformConfig;
  readonly catalogue: EventCatalogue;
  readonly logger: Logger;
  readonly clock?: Clock;
  /** Adapters opened by the caller (the composition root opens them before Nest, to fail fast on bad data). */
  readonly adapters?: PlatformAdapters;
}

/** Closes the adapters after every module's `beforeApplicationShutdown` has drained consumers and projectors. */
@Injectable()
class AdapterLifecycle implements OnApplicationShutdown {
  constructor(@Inject(PLATFORM_ADAPTERS) private readonly adapters: PlatformAdapters) {}

  async onApplicationShutdown(): Promise<void> {
    await this.adapters.close();
  }
}

@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const clock = options.clock ?? new SystemClock();
    const adaptersProvider = options.adapters
      ? { provide: PLATFORM_ADAPTERS, useValue: options.adapters }
      : {
          provide: PLATFORM_ADAPTERS,
          useFactory: () => createAdapters(options.config, options.catalogue, clock),
        };
    const fromAdapters = (token: symbol, pick: (adapters: PlatformAdapters) => unknown) => ({
      provide: token,
      useFactory: pick,
      inject: [PLATFORM_ADAPTERS],
    });
    const tokens = [
      PLATFORM_CONFIG,
      PLATFORM_ADAPTERS,
      EVENT_CATALOGUE,
      LOGGER,
      CLOCK,
      EVENT_STORE,
      READ_STORE,
      CHECKPOINT_STORE,
      MESSAGE_BUS,
    ];
    return {
      module: PlatformModule,
      // Every context's @CommandHandler is registered on the one CommandBus (DESIGN.md §4).
      imports: [CqrsModule.forRoot()],
      providers: [
        { provide: PLATFORM_CONFIG, useValue: options.config },
        { provide: EVENT_CATALOGUE, useValue: options.catalogue },
        { provide: LOGGER, useValue: options.logger },
        { provide: CLOCK, useValue: clock },
        adaptersProvider,
        fromAdapters(EVENT_STORE, (adapters) => adapters.eventStore),
        fromAdapters(READ_STORE, (adapters) => adapters.readStore),
        fromAdapters(CHECKPOINT_STORE, (adapters) => adapters.checkpointStore),
        fromAdapters(MESSAGE_BUS, (adapters) => adapters.bus),
        AdapterLifecycle,
        { provide: StaffRoles, useValue: new StaffRoles(options.config.staff) },
      ],
      exports: [...tokens, StaffRoles],
    };
  }
}
