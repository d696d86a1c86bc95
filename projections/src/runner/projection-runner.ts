import type { ReadCollection } from '@tradewise/platform';
import type { AnyProjection, ProjectedDocument } from './projection';
import { ProjectionHost, type HostDependencies, type ProjectionStatus } from './projection-host';

export class UnknownProjectionError extends Error {
  constructor(
    readonly projectionName: string,
    known: readonly string[],
  ) {
    super(`No projection named '${projectionName}'; known: ${known.join(', ') || 'none'}`);
    this.name = 'UnknownProjectionError';
  }
}

export class ReadModelNotReadyError extends Error {
  constructor(readonly projectionName: string) {
    super(`Read model ${projectionName} is still being built`);
    this.name = 'ReadModelNotReadyError';
  }
}

/** Hosts every projection of this process and answers which collection serves each read model. */
export class ProjectionRunner {
  private readonly hosts = new Map<string, ProjectionHost>();

  constructor(
    projections: readonly AnyProjection[],
    private readonly dependencies: HostDependencies,
  ) {
    for (const projection of projections) {
      if (this.hosts.has(projection.name))
        throw new Error(`Projection ${projection.name} is registered twice`);
      this.hosts.set(projection.name, new ProjectionHost(projection, dependencies));
    }
  }

  get names(): string[] {
    return [...this.hosts.keys()];
  }

  async start(): Promise<void> {
    for (const host of this.hosts.values()) await host.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((host) => host.stop()));
  }

  host(name: string): ProjectionHost {
    const host = this.hosts.get(name);
    if (!host) throw new UnknownProjectionError(name, this.names);
    return host;
  }

  get ready(): boolean {
    return [...this.hosts.values()].every((host) => host.ready);
  }

  async statuses(): Promise<ProjectionStatus[]> {
    return Promise.all([...this.hosts.values()].map((host) => host.status()));
  }

  /** The serving collection of a read model, for queries. */
  readModel<T extends ProjectedDocument>(name: string): ReadCollection<T> {
    const collection = this.host(name).servingCollection;
    if (!collection) throw new ReadModelNotReadyError(name);
    return this.dependencies.readStore.collection<T>(collection);
  }

  /** Resolves once every projection has applied the log up to `position` (read-your-writes after a command). */
  async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const reached = Promise.all([...this.hosts.values()].map((host) => host.waitForPosition(position))).then(
      () => true,
      () => false,
    );
    const result = await Promise.race([reached, timeout]);
    clearTimeout(timer);
    return result;
  }
}
