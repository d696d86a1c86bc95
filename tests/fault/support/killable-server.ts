/**
 * The product as `npm start` runs it, with one fault added: it kills itself with SIGKILL at a chosen command, so a
 * kill test can stop it at an exact step of a flow rather than at a moment.
 *
 * - KILL_AT_COMMANDS: the decider command types to count (`RecordDeposits,AssignDeposit,CreditDeposit,...`);
 * - KILL_AT_CHARACTERS: optionally, count only those for these characters (`characterId` on the command);
 * - KILL_AT_COUNT: die at the N-th of them (0 or unset: never);
 * - KILL_AT_MOMENT: `after` (default) dies once the N-th has appended an event, before its caller hears of it;
 *   counted are only those that appended something, so every run moves the flow on by N steps. `before` dies
 *   when the N-th is dispatched, before it is decided.
 *
 * Prints `kill-point <type> <count>` on stdout just before dying.
 */
import { CommandBus } from '@nestjs/cqrs';

const types = new Set((process.env.KILL_AT_COMMANDS ?? '').split(',').filter(Boolean));
const characters = new Set((process.env.KILL_AT_CHARACTERS ?? '').split(',').filter(Boolean).map(Number));
const killAt = Number(process.env.KILL_AT_COUNT ?? 0);
const moment = process.env.KILL_AT_MOMENT === 'before' ? 'before' : 'after';
let counted = 0;

function die(type: string): never {
  process.stdout.write(`kill-point ${type} ${counted}\n`);
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

if (killAt > 0 && types.size > 0) {
  const execute = CommandBus.prototype.execute;
  CommandBus.prototype.execute = async function (this: CommandBus, command: object) {
    const inner = (command as { command?: { type?: string; characterId?: number } }).command;
    const type = inner?.type;
    const characterId = (command as { characterId?: number }).characterId ?? inner?.characterId;
    const watched =
      type !== undefined &&
      types.has(type) &&
      (characters.size === 0 || (characterId !== undefined && characters.has(characterId)));
    if (watched && moment === 'before' && ++counted === killAt) die(type);
    const result: unknown = await execute.call(this, command as never);
    const appended = (result as { position?: number | null } | undefined)?.position != null;
    if (watched && moment === 'after' && appended && ++counted === killAt) die(type);
    return result;
  } as typeof execute;
}

// After the patch: the server starts as it is imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('../../../services/server/src/main');
