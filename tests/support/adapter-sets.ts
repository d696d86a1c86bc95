import { KAFKA_BROKERS, MONGODB_URL, serverUp, workerScoped } from './servers';

/** The adapters a product process runs on, as environment variables for `startServer`. */
export interface AdapterSet {
  readonly name: string;
  readonly env: Record<string, string>;
  /** False where the set's servers are not up (the suite says so and skips). */
  readonly enabled: boolean;
  /** FerretDB writes far slower than MongoDB (docs/PERFORMANCE.md): a scale-out set gets longer to project. */
  readonly slow: boolean;
}

/** Both adapter sets the product must be right on: the embedded defaults, and Kafka + a MongoDB-wire server. */
export function adapterSets(databasePrefix: string): AdapterSet[] {
  return [
    { name: 'embedded adapters', env: {}, enabled: true, slow: false },
    {
      name: 'Kafka + FerretDB',
      env: {
        BUS: 'kafka',
        KAFKA_BROKERS: KAFKA_BROKERS.join(','),
        READ_STORE: 'mongodb',
        MONGODB_URL,
        MONGODB_DB: workerScoped(databasePrefix),
        // Test files run side by side on one broker: each product keeps to its own topics and consumer groups.
        KAFKA_TOPIC_PREFIX: `${workerScoped(databasePrefix)}.`,
      },
      enabled: serverUp('kafka') && serverUp('mongodb'),
      slow: true,
    },
  ];
}
