import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ServiceCharacterGrant, ServiceCharacterLogin, type ServiceCharacter } from '@tradewise/accounts';
import { AdminTokenGuard } from './admin-token';

/**
 * The operator links the product corporation's service character, whose token the deposit sync reads the
 * corporation's wallet journal with (`npm run admin -- service-character-login`). Behind the admin token, and
 * not in the public API document.
 */
@ApiExcludeController()
@Controller('admin/service-character')
@UseGuards(AdminTokenGuard)
export class AdminServiceCharacterController {
  constructor(
    @Inject(ServiceCharacterLogin) private readonly login: ServiceCharacterLogin,
    @Inject(ServiceCharacterGrant) private readonly grant: ServiceCharacterGrant,
  ) {}

  /** The one linked now (without its token), or null. */
  @Get()
  async current(): Promise<{ corporationId: number; serviceCharacter: ServiceCharacter | null }> {
    const corporationId = this.login.productCorporationId();
    const linked = await this.grant.current();
    return { corporationId, serviceCharacter: linked?.corporationId === corporationId ? linked : null };
  }

  /** A one-time URL (10 minutes) that starts the SSO login in the operator's browser. */
  @Post('login')
  @HttpCode(200)
  start(): Promise<{ url: string; expiresAt: string; corporationId: number }> {
    return this.login.issueStart();
  }
}
