import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Transactions } from '@meridian/server-kit';
import { AccountsModule } from '../accounts/accounts.module';
import { LocalTokenVerifier } from './local-token-verifier';
import { LoginAttemptEntity } from './login-attempt.entity';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { LoginRateLimiter } from './login-rate-limiter';
import { LoginService } from './login.service';
import { SessionEntity } from './session.entity';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/**
 * Sessions and password login: login, logout, token.verify, and the login rate
 * limit. Global because the auth guard, in the service kit's module, resolves
 * every bearer token through LocalTokenVerifier.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, LoginAttemptEntity]), AccountsModule],
  controllers: [SessionsController],
  providers: [
    Transactions,
    SessionsRepository,
    SessionsService,
    LoginAttemptsRepository,
    LoginRateLimiter,
    LoginService,
    LocalTokenVerifier,
  ],
  exports: [SessionsService, LoginRateLimiter, LocalTokenVerifier],
})
export class SessionsModule {}
