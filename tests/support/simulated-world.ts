/**
 * The instant the e2e specs start the product's clock at, and with it the mounted simulator's world. The world moves
 * with its clock: started at the wall clock, each run read a different world, and some hours held cases a spec had
 * not foreseen. At one instant every run reads the same world, and a failure can be replayed.
 */
export const SIMULATED_WORLD_AT = '2026-11-27T12:00:00.000Z';
