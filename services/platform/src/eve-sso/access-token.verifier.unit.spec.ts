import { ManualClock } from '../testkit/manual-clock';
import { AccessTokenVerifier, issuersFor, type JsonWebKeySet } from './access-token.verifier';
import { InvalidAccessTokenError } from './eve-sso.errors';
import { eveAccessTokenClaims, TestJwtSigner } from './testing/test-jwt.signer';

const CLIENT_ID = '3b8e6a0f1c2d4e5f8a9b0c1d2e3f4a5b';
const NOW = '2026-09-01T12:00:00.000Z';
const nowSeconds = Date.parse(NOW) / 1000;

describe('AccessTokenVerifier', () => {
  const signer = new TestJwtSigner();
  let clock: ManualClock;
  let keySetLoads: number;
  let keySet: JsonWebKeySet;

  function verifier(): AccessTokenVerifier {
    return new AccessTokenVerifier({
      clientId: CLIENT_ID,
      issuers: issuersFor('https://login.eveonline.com'),
      clock,
      loadKeySet: async () => {
        keySetLoads += 1;
        return keySet;
      },
    });
  }

  const claims = (overrides: Record<string, unknown> = {}) => ({
    ...eveAccessTokenClaims({ clientId: CLIENT_ID, nowSeconds }),
    ...overrides,
  });

  async function rejection(jwt: string, subject = verifier()): Promise<string> {
    const error = await subject.verify(jwt).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(InvalidAccessTokenError);
    return (error as InvalidAccessTokenError).reason;
  }

  beforeEach(() => {
    clock = new ManualClock(NOW);
    keySetLoads = 0;
    keySet = signer.keySet();
  });

  it('returns the character, owner and scopes of a valid token', async () => {
    const verified = await verifier().verify(signer.sign(claims()));
    expect(verified).toEqual({
      characterId: 2112625428,
      characterName: 'Test Trader',
      ownerHash: '8PmzCeTKb4VFUDrHLc/AeZXDSWM=',
      scopes: ['esi-wallet.read_character_wallet.v1', 'esi-markets.read_character_orders.v1'],
      expiresAt: new Date((nowSeconds + 1200) * 1000),
      issuedAt: new Date(nowSeconds * 1000),
      tokenId: '6e5a6b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b',
    });
  });

  it('accepts both issuer forms the SSO has used', async () => {
    for (const iss of ['https://login.eveonline.com', 'login.eveonline.com']) {
      await expect(verifier().verify(signer.sign(claims({ iss })))).resolves.toBeDefined();
    }
  });

  it('normalises scp: one scope as a string, several as an array, none when absent', async () => {
    const subject = verifier();
    const single = await subject.verify(signer.sign(claims({ scp: 'esi-wallet.read_character_wallet.v1' })));
    expect(single.scopes).toEqual(['esi-wallet.read_character_wallet.v1']);
    const several = await subject.verify(signer.sign(claims({ scp: ['a.v1', 'b.v1'] })));
    expect(several.scopes).toEqual(['a.v1', 'b.v1']);
    const none = await subject.verify(signer.sign(claims({ scp: undefined })));
    expect(none.scopes).toEqual([]);
    expect(await rejection(signer.sign(claims({ scp: 42 })))).toMatch(/scp/);
  });

  it('verifies ES256 tokens too', async () => {
    const ecSigner = new TestJwtSigner('ES256', 'ES256-Key');
    keySet = { keys: [...signer.keySet().keys, ...ecSigner.keySet().keys] };
    await expect(verifier().verify(ecSigner.sign(claims()))).resolves.toMatchObject({
      characterId: 2112625428,
    });
  });

  it('rejects a token signed by another key', async () => {
    const impostor = new TestJwtSigner();
    expect(await rejection(impostor.sign(claims()))).toBe('bad signature');
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [header, , signature] = signer.sign(claims()).split('.');
    const forged = Buffer.from(JSON.stringify(claims({ sub: 'CHARACTER:EVE:1' }))).toString('base64url');
    expect(await rejection(`${header}.${forged}.${signature}`)).toBe('bad signature');
  });

  it('rejects a wrong issuer', async () => {
    expect(await rejection(signer.sign(claims({ iss: 'https://login.evil.example' })))).toMatch(/issuer/);
  });

  it('rejects an audience without our client id or without "EVE Online"', async () => {
    expect(await rejection(signer.sign(claims({ aud: ['another-client', 'EVE Online'] })))).toMatch(
      /audience/,
    );
    expect(await rejection(signer.sign(claims({ aud: CLIENT_ID })))).toMatch(/audience/);
  });

  it('rejects an expired token, allowing 30 s of clock skew', async () => {
    const token = signer.sign(claims());
    clock.advance(1200_000 + 29_000);
    await expect(verifier().verify(token)).resolves.toBeDefined();
    clock.advance(1_000);
    expect(await rejection(token)).toBe('expired');
  });

  it('rejects a token not valid yet', async () => {
    expect(await rejection(signer.sign(claims({ nbf: nowSeconds + 120 })))).toMatch(/nbf/);
  });

  it('rejects a subject that is not a character', async () => {
    expect(await rejection(signer.sign(claims({ sub: 'CORPORATION:EVE:98000001' })))).toMatch(/subject/);
  });

  it('rejects missing name or owner', async () => {
    expect(await rejection(signer.sign(claims({ owner: undefined })))).toMatch(/owner/);
    expect(await rejection(signer.sign(claims({ name: '' })))).toMatch(/name/);
  });

  it('rejects alg none and HMAC tokens without looking for a key', async () => {
    const unsigned = signer.sign(claims(), { alg: 'none' }).split('.').slice(0, 2).join('.') + '.';
    expect(await rejection(unsigned)).toMatch(/alg/);
    expect(await rejection(signer.sign(claims(), { alg: 'HS256' }))).toMatch(/alg/);
    expect(keySetLoads).toBe(0);
  });

  it('rejects text that is not a JWT', async () => {
    expect(await rejection('not-a-jwt')).toMatch(/three/);
    expect(await rejection('e30.bm90IGpzb24.c2ln')).toMatch(/malformed payload/);
  });

  it('caches the key set, and fetches it again for an unknown kid at most every 30 s', async () => {
    const subject = verifier();
    await subject.verify(signer.sign(claims()));
    await subject.verify(signer.sign(claims()));
    expect(keySetLoads).toBe(1);

    const rotated = new TestJwtSigner('RS256', 'Rotated-Key');
    expect(await rejection(rotated.sign(claims()), subject)).toMatch(/no RS256 key/);
    expect(keySetLoads).toBe(1);

    keySet = { keys: [...signer.keySet().keys, ...rotated.keySet().keys] };
    clock.advance(30_000);
    await expect(subject.verify(rotated.sign(claims()))).resolves.toBeDefined();
    expect(keySetLoads).toBe(2);
  });

  it('fetches the key set again after its time to live', async () => {
    const subject = verifier();
    await subject.verify(signer.sign(claims()));
    clock.advance(10 * 60_000);
    await subject.verify(
      signer.sign(eveAccessTokenClaims({ clientId: CLIENT_ID, nowSeconds: nowSeconds + 600 })),
    );
    expect(keySetLoads).toBe(2);
  });
});
