import { bucketLabel } from './chart-labels';

describe('chart labels', () => {
  it('name a day by its UTC date and an hour by its day and time, so two days never share a label', () => {
    expect(bucketLabel(Date.UTC(2026, 10, 21), 'day')).toBe('2026-11-21');
    expect(bucketLabel(Date.UTC(2026, 10, 21, 13), 'hour')).toBe('11-21 13:00');
    expect(bucketLabel(Date.UTC(2026, 10, 20, 13), 'hour')).not.toBe(
      bucketLabel(Date.UTC(2026, 10, 21, 13), 'hour'),
    );
  });
});
