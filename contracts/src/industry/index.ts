export * from './industry-calculation.dto';
export * from './industry-structure-events';
export * from './industry-structures.dto';
