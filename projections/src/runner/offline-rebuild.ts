import type { AnyProjection, ProjectedDocument } from './projection';
import type { HostDependencies } from './projection-host';
import { ProjectionRegistry, type ProjectionGeneration } from './projection-registry';
import { currentRulesRevision, projectionWithRules } from './projection-rules';
import { ProjectionTrack, type TrackProgress } from './projection-track';

/**
 * Builds a new generation of a read model in this process while others keep serving the current one, then
 * hands over: the build stops and checkpoints first, and only then does the registry switch, so the serving
 * processes (which follow the registry) never share a checkpoint with this one.
 */
export async function rebuildOffline(
  projection: AnyProjection,
  dependencies: HostDependencies,
  onProgress: (progress: TrackProgress) => void,
): Promise<ProjectionGeneration> {
  const registry = new ProjectionRegistry(dependencies.readStore);
  const generation = await registry.startBuilding(
    projection.name,
    projection.version,
    dependencies.clock.now().toISOString(),
    { rulesRevision: await currentRulesRevision(projection, dependencies.eventStore) },
  );
  const ruled = await projectionWithRules(
    projection,
    dependencies.eventStore,
    generation.rulesRevision ?? null,
  );
  let caughtUp!: () => void;
  const reachedHead = new Promise<void>((resolve) => (caughtUp = resolve));
  const track = new ProjectionTrack(
    ruled.projection,
    dependencies.readStore.collection<ProjectedDocument>(generation.collection),
    dependencies,
    'rebuild',
    (progress) => {
      onProgress(progress);
      if (progress.caughtUp) caughtUp();
    },
  );
  const { finished } = await track.start();
  try {
    await Promise.race([
      reachedHead,
      finished.then(() => Promise.reject(new Error('The rebuild stopped before it caught up'))),
    ]);
  } catch (error) {
    await track.stop();
    await registry.recordError(projection.name, (error as Error).message, true);
    throw error;
  }
  await track.stop();
  await registry.switchToBuilt(projection.name, generation);
  return generation;
}
