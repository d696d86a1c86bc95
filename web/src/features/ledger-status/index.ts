export { LedgerStatusNotice } from './LedgerStatusNotice';
