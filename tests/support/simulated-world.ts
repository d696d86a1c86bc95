/**
 * The instant the e2e specs start the product's clock at, and with it the mounted simulator's world. The world moves
 * with its clock: started at the wall clock, a spec read a different world every run, and some hours held cases it
 * had not foreseen (at 04:15 UTC on 2026-11-29 a job completed inside the wallet's 30 days had taken materials bought
 * before them). At one instant every run reads the same world, and a failure can be replayed.
 */
export const SIMULATED_WORLD_AT = '2026-11-27T12:00:00.000Z';
