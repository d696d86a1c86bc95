import { ESI_ENDPOINTS, expandPath } from './esi-endpoints';

describe('expandPath', () => {
  it('fills path parameters', () => {
    expect(
      expandPath(ESI_ENDPOINTS.corporationWalletJournal.path, { corporation_id: 98000001, division: 1 }),
    ).toBe('/corporations/98000001/wallets/1/journal');
  });

  it('names a missing parameter', () => {
    expect(() => expandPath(ESI_ENDPOINTS.characterWallet.path, {})).toThrow(/character_id/);
  });
});
