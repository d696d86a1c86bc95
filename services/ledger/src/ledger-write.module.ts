import { Module } from '@nestjs/common';
import { RecordOrderFeeMatchHandler } from './trade/record-order-fee-match.handler';

/**
 * The ledger's writes that processes without the API make (the sync role records final order fee matches). Needs
 * only the event store; the CommandBus finds the handler wherever this module is imported, once.
 */
@Module({ providers: [RecordOrderFeeMatchHandler] })
export class LedgerWriteModule {}
