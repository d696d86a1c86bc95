const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The phrase for a time span, in the thresholds players know from other tools (45 s -> a minute, and so on). */
function span(ms: number): string {
  const seconds = Math.round(ms / SECOND);
  const minutes = Math.round(ms / MINUTE);
  const hours = Math.round(ms / HOUR);
  const days = Math.round(ms / DAY);
  if (seconds < 45) return 'a few seconds';
  if (seconds < 90) return 'a minute';
  if (minutes < 45) return `${minutes} minutes`;
  if (minutes < 90) return 'an hour';
  if (hours < 22) return `${hours} hours`;
  if (hours < 36) return 'a day';
  if (days < 26) return `${days} days`;
  if (days < 45) return 'a month';
  if (days < 320) return `${Math.round(days / 30.4375)} months`;
  if (days < 548) return 'a year';
  return `${Math.round(days / 365.25)} years`;
}

/** '3 minutes ago' for a past time, 'in 3 minutes' for a future one, relative to `now`. */
export function formatRelativeTime(time: Date | number | string, now: Date | number = Date.now()): string {
  const at = new Date(time).getTime();
  const reference = new Date(now).getTime();
  if (Number.isNaN(at)) return '-';
  const difference = at - reference;
  const phrase = span(Math.abs(difference));
  return difference > 0 ? `in ${phrase}` : `${phrase} ago`;
}

/** UTC time of day as HH:mm. */
export function formatUtcClock(time: Date | number): string {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** A UTC date as YYYY-MM-DD. */
export function formatUtcDate(time: Date | number | string): string {
  return new Date(time).toISOString().slice(0, 10);
}
