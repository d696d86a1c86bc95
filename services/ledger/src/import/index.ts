export * from './wallet-import.decider';
export * from './record-wallet-records.handler';
export * from './wallet-import.module';
export * from './wallet-import.consumer';
export * from './wallet-import.thread';
export * from './industry-import.decider';
export * from './record-industry-records.handler';
export * from './industry-import.consumer';
