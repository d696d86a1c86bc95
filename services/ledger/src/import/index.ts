export * from './wallet-import.decider';
export * from './wallet-importer';
export * from './wallet-import.consumer';
export * from './wallet-import.thread';
