import { FaultInjector, type SsoFaults } from './fault-injector';

const noSso: SsoFaults = { revokeCharacter: () => undefined, retireUsedRefreshTokensAtOnce: () => undefined };

const journal = {
  operationId: 'GetCharactersCharacterIdWalletJournal',
  path: '/characters/1/wallet/journal',
  method: 'GET',
  characterId: 1,
};
const status = { operationId: 'GetStatus', path: '/status', method: 'GET' };

describe('fault injection', () => {
  it('applies a fault to matching requests the given number of times', () => {
    const faults = new FaultInjector(1, noSso);
    faults.failNext(2, 503, { operationId: journal.operationId });
    expect(faults.effectsFor(status)).toEqual([]);
    expect(faults.effectsFor(journal)).toEqual([{ kind: 'status', status: 503 }]);
    expect(faults.effectsFor(journal)).toEqual([{ kind: 'status', status: 503 }]);
    expect(faults.effectsFor(journal)).toEqual([]);
    expect(faults.list()).toEqual([]);
  });

  it('matches on path, method and character, puts delays first, and clears by id', () => {
    const faults = new FaultInjector(1, noSso);
    const hang = faults.hangNext(1, { path: '/wallet', characterId: 2 });
    const slow = faults.slowDown(50, { method: 'get' });
    expect(faults.effectsFor(journal)).toEqual([{ kind: 'delay', ms: 50 }]);
    expect(faults.effectsFor({ ...journal, characterId: 2 })).toEqual([
      { kind: 'delay', ms: 50 },
      { kind: 'hang' },
    ]);
    faults.clear(slow);
    expect(faults.list().map((fault) => fault.id)).not.toContain(hang);
    expect(faults.effectsFor(journal)).toEqual([]);
  });

  it('applies a share of requests, the same share for the same seed', () => {
    const hits = (seed: number): number => {
      const faults = new FaultInjector(seed, noSso);
      faults.inject({ probability: 0.25, effect: { kind: 'gateway-timeout' } });
      return Array.from({ length: 1_000 }, () => faults.effectsFor(status).length).reduce((a, b) => a + b, 0);
    };
    expect(hits(3)).toBe(hits(3));
    expect(hits(3)).toBeGreaterThan(180);
    expect(hits(3)).toBeLessThan(320);
  });

  it('refuses rules that make no sense and forwards token revocation', () => {
    const revoked: number[] = [];
    const faults = new FaultInjector(1, {
      ...noSso,
      revokeCharacter: (characterId) => revoked.push(characterId),
    });
    expect(() => faults.inject({ effect: { kind: 'status', status: 42 } })).toThrow('Not an HTTP status');
    expect(() => faults.inject({ times: 0, effect: { kind: 'hang' } })).toThrow('times');
    faults.revokeTokens(7);
    expect(revoked).toEqual([7]);
  });
});
