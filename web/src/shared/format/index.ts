export { formatIsk, formatIskFull } from './isk';
export { formatQuantity } from './quantity';
export { displaySecurity, formatSecurity } from './security';
export { formatRelativeTime, formatUtcClock, formatUtcDate } from './relative-time';
export { formatGameDataRelease } from './game-data-release';
