import { Module } from '@nestjs/common';
import { ChangeCharacterDepositsHandler } from '../billing/deposits/change-character-deposits.handler';
import { RecordMarketOrdersHandler } from '../market-orders/record-market-orders.handler';
import { ChangeAccountHandler } from './change-account.handler';

/**
 * The accounts' write side alone, for processes that change accounts without serving the API (the sync role).
 * Needs only the event store; the CommandBus finds the handler wherever this module is imported, once.
 */
@Module({
  providers: [ChangeAccountHandler, ChangeCharacterDepositsHandler, RecordMarketOrdersHandler],
})
export class AccountWriteModule {}
