import { displaySecurityStatus, isWormholeRegion, securityClassOf } from './security-status';

describe('security status display', () => {
  it('rounds to one decimal, so Jita (0.9459) shows as 0.9', () => {
    expect(displaySecurityStatus(0.945913116665)).toBe(0.9);
  });

  it('rounds half up at the second decimal', () => {
    expect(displaySecurityStatus(0.45)).toBe(0.5);
    expect(displaySecurityStatus(0.44999)).toBe(0.4);
  });

  it('shows 0 for null-sec values and for values that round to 0', () => {
    expect(displaySecurityStatus(-0.99)).toBe(0);
    expect(displaySecurityStatus(-0.04)).toBe(0);
    expect(Object.is(displaySecurityStatus(-0.04), 0)).toBe(true);
    expect(displaySecurityStatus(0.04)).toBe(0);
  });
});

describe('security class', () => {
  it('follows the spec thresholds on the raw value', () => {
    expect(securityClassOf(0.5)).toBe('HIGH');
    expect(securityClassOf(0.4999)).toBe('LOW');
    expect(securityClassOf(0.0001)).toBe('LOW');
    expect(securityClassOf(0)).toBe('NULL');
    expect(securityClassOf(-1)).toBe('NULL');
  });

  it('puts wormhole space in its own class', () => {
    expect(securityClassOf(-0.99, isWormholeRegion(11000001))).toBe('WORMHOLE');
    expect(isWormholeRegion(10000002)).toBe(false);
  });
});
