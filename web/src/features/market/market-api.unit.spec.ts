import { expiresAtOf } from './market-api';

const meta = (headers: Record<string, string>) => ({ response: new Response(null, { headers }) });

describe('market API answers', () => {
  it('reads when an answer expires from its Expires header', () => {
    expect(expiresAtOf(meta({ Expires: 'Sat, 21 Nov 2026 22:00:00 GMT' }))).toBe(
      Date.UTC(2026, 10, 21, 22, 0, 0),
    );
    expect(expiresAtOf(meta({}))).toBeUndefined();
    expect(expiresAtOf(meta({ Expires: 'never' }))).toBeUndefined();
    expect(expiresAtOf(undefined)).toBeUndefined();
  });
});
