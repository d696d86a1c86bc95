export * from './market-static-data.dto';
export * from './security-status';
export * from './static-data-limits';
export * from './static-data-version.dto';
export * from './structure-rigs.dto';
export * from './universe.dto';
