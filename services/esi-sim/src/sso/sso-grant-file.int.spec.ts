import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEsiSimulator } from '../esi-simulator';
import { testUniverse } from '../universe/test-universe';
import { DEFAULT_ISSUER, DEMO_SSO_CLIENT, SsoAuthority, type TokenResponse } from './sso-authority';
import { SSO_GRANTS_FILE } from './sso-grant-file';

const ARIA = 2119000011;
const WALLET = 'esi-wallet.read_character_wallet.v1';
const basic = `Basic ${Buffer.from(`${DEMO_SSO_CLIENT.clientId}:${DEMO_SSO_CLIENT.clientSecret}`).toString('base64')}`;

function authority(grantsFile?: string): SsoAuthority {
  return new SsoAuthority({
    clients: [DEMO_SSO_CLIENT],
    issuer: DEFAULT_ISSUER,
    nowMs: () => Date.now(),
    characterName: (id) => (id === ARIA ? 'Aria Venn' : undefined),
    seed: 1,
    grantsFile,
  });
}

function refresh(sso: Pick<SsoAuthority, 'token'>, refreshToken: string): TokenResponse {
  return sso.token(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }), basic);
}

describe('The simulated SSO keeps its grants in a file', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-sso-grants-'));
    file = join(dir, SSO_GRANTS_FILE);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('honours after a restart the refresh tokens it still honoured, and no retired one', () => {
    const first = authority(file);
    const issued = first.issueTokens(ARIA, [WALLET]);
    const rotated = refresh(first, issued.refresh_token!);

    const restarted = authority(file);
    const after = refresh(restarted, rotated.refresh_token!);
    expect(after.refresh_token).toBeDefined();
    expect(restarted.verifyAccessToken(after.access_token)).toMatchObject({
      ok: true,
      principal: { characterId: ARIA },
    });
    expect(() => refresh(restarted, issued.refresh_token!)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    refresh(authority(file), after.refresh_token!);
    expect(() => refresh(authority(file), rotated.refresh_token!)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
  });

  it('honours after a restart a used refresh token whose successor never arrived', () => {
    const first = authority(file);
    const issued = first.issueTokens(ARIA, [WALLET]);
    refresh(first, issued.refresh_token!);

    const again = refresh(authority(file), issued.refresh_token!);
    refresh(authority(file), again.refresh_token!);
    expect(() => refresh(authority(file), issued.refresh_token!)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
  });

  it('is readable by its owner only and holds no refresh token itself', () => {
    const issued = authority(file).issueTokens(ARIA, [WALLET]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(issued.refresh_token!);
  });

  it('keeps a revoked grant revoked and a transferred character with its new owner', () => {
    const first = authority(file);
    const issued = first.issueTokens(ARIA, [WALLET]);
    const owner = (token: TokenResponse) =>
      JSON.parse(Buffer.from(token.access_token.split('.')[1]!, 'base64url').toString('utf8'))
        .owner as string;
    const before = owner(issued);
    first.transferCharacter(ARIA);
    const restarted = authority(file);
    expect(() => refresh(restarted, issued.refresh_token!)).toThrow(
      expect.objectContaining({ code: 'invalid_token' }),
    );
    expect(owner(restarted.issueTokens(ARIA, [WALLET]))).not.toBe(before);
  });

  it('refuses to start over a file that is not its own, and without a file forgets every grant', () => {
    writeFileSync(file, '{"something":"else"}');
    expect(() => authority(file)).toThrow(`${file}: not the ESI simulator's grants file. Refusing to start`);
    const issued = authority().issueTokens(ARIA, [WALLET]);
    expect(() => refresh(authority(), issued.refresh_token!)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
  });

  it('is the simulator given a data directory', () => {
    const first = createEsiSimulator({ universe: testUniverse(), dataDir: dir });
    const issued = first.issueTokens(ARIA, [WALLET]);
    const restarted = createEsiSimulator({ universe: testUniverse(), dataDir: dir });
    expect(refresh(restarted.sso, issued.refresh_token!).access_token).toBeDefined();
  });
});
