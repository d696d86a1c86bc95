import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '@tradewise/platform';
import { LOGIN_STATE_MAX_AGE_MS } from '../session/session-cookies';

export const LOGIN_ATTEMPTS_COLLECTION = 'login_attempts';

export type LoginPurpose =
  | { readonly kind: 'login' }
  | { readonly kind: 'add-character'; readonly accountId: string }
  /** The operator links the product corporation's service character (started with the admin token). */
  | { readonly kind: 'service-character' };

export interface LoginAttempt {
  readonly state: string;
  readonly codeVerifier: string;
  readonly purpose: LoginPurpose;
}

interface LoginAttemptDocument {
  /** The OAuth `state`. */
  readonly _id: string;
  readonly codeVerifier: string;
  readonly purpose: LoginPurpose;
  readonly expiresAt: number;
}

/** Logins between the redirect to the SSO and its callback; each can be completed once, within 10 minutes. */
@Injectable()
export class LoginAttempts {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get attempts() {
    return this.readStore.collection<LoginAttemptDocument>(LOGIN_ATTEMPTS_COLLECTION);
  }

  async begin(attempt: LoginAttempt): Promise<void> {
    const now = this.clock.now().getTime();
    await this.attempts.deleteMany({ expiresAt: { $lte: now } });
    await this.attempts.insertOne({
      _id: attempt.state,
      codeVerifier: attempt.codeVerifier,
      purpose: attempt.purpose,
      expiresAt: now + LOGIN_STATE_MAX_AGE_MS,
    });
  }

  /** The attempt of a state, removed so it cannot be used again; null when unknown, used or expired. */
  async complete(state: string): Promise<LoginAttempt | null> {
    const document = await this.attempts.findOne({ _id: state });
    if (!document) return null;
    const { deletedCount } = await this.attempts.deleteOne({ _id: state });
    if (deletedCount !== 1 || this.clock.now().getTime() >= document.expiresAt) return null;
    return { state, codeVerifier: document.codeVerifier, purpose: document.purpose };
  }
}
