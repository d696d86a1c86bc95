import type { CommandBus } from '@nestjs/cqrs';
import { AccountRuleViolation, ChangeAccount } from '@tradewise/accounts';
import type { ExportMarks } from '@tradewise/ledger';
import type { Clock } from '@tradewise/platform';

/** The ledger's CSV exports are marked on the character in the account's stream (accounts owns the character). */
export function accountExportMarks(commands: CommandBus, clock: Clock): ExportMarks {
  return {
    exported: async (accountId, characterId, kind) => {
      try {
        await commands.execute(
          new ChangeAccount(
            accountId,
            { type: 'MarkCharacterExport', characterId, kind, exportedAt: clock.now().toISOString() },
            `account:${accountId}`,
          ),
        );
        return true;
      } catch (error) {
        if (error instanceof AccountRuleViolation && error.code === 'CHARACTER_NOT_ON_ACCOUNT') return false;
        throw error;
      }
    },
  };
}
