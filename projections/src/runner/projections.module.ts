import {
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { EventCatalogue } from '@tradewise/contracts';
import {
  CHECKPOINT_STORE,
  CLOCK,
  EVENT_CATALOGUE,
  EVENT_STORE,
  LOGGER,
  READ_MODELS,
  READ_STORE,
  type CheckpointStore,
  type Clock,
  type EventStore,
  type Logger,
  type ReadStore,
} from '@tradewise/platform';
import type { AnyProjection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { RegistryReadModels } from './registry-read-models';

/** DI token of the {@link ProjectionRunner}. */
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');

@Injectable()
class ProjectionRunnerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
  }

  /** Before the adapters close: finish the batch in flight and write its checkpoint. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }
}

@Module({})
export class ProjectionsModule {
  static forRoot(projections: readonly AnyProjection[]): DynamicModule {
    return {
      module: ProjectionsModule,
      providers: [
        {
          provide: PROJECTION_RUNNER,
          inject: [EVENT_STORE, READ_STORE, CHECKPOINT_STORE, EVENT_CATALOGUE, LOGGER, CLOCK],
          useFactory: (
            eventStore: EventStore,
            readStore: ReadStore,
            checkpointStore: CheckpointStore,
            catalogue: EventCatalogue,
            logger: Logger,
            clock: Clock,
          ) =>
            new ProjectionRunner(projections, {
              eventStore,
              readStore,
              checkpointStore,
              catalogue,
              logger,
              clock,
            }),
        },
        ProjectionRunnerLifecycle,
      ],
      exports: [PROJECTION_RUNNER],
    };
  }
}

/** Provides {@link READ_MODELS} to the API's modules, whether or not this process runs the projections. */
@Module({})
export class ReadModelsModule {
  static forRoot(): DynamicModule {
    return {
      module: ReadModelsModule,
      global: true,
      providers: [
        {
          provide: READ_MODELS,
          inject: [READ_STORE, CHECKPOINT_STORE, CLOCK],
          useFactory: (readStore: ReadStore, checkpoints: CheckpointStore, clock: Clock) =>
            new RegistryReadModels(readStore, checkpoints, clock),
        },
      ],
      exports: [READ_MODELS],
    };
  }
}
