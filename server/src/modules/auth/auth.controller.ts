import { Body, Controller, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  authMessages,
  EmailOnlyRequest,
  LoginRequest,
  RegisterRequest,
  ResetLinkCheckRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  type EmptyResponse,
  type LoginResponse,
  type MessageResponse,
  type RegisterResponse,
} from '@animata/contracts';
import type { AppConfig } from '../../config/config.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { toFieldErrors } from '../../common/errors/validation.js';
import { CONFIG } from '../../common/tokens.js';
import { clearSessionCookie, SessionsService, setSessionCookie } from '../sessions/index.js';
import {
  clearAttemptCookie,
  clearSignOutCookies,
  setAttemptCookie,
  setDeviceCookie,
} from './auth-cookies.js';
import { AuthService, type AuthOutcome } from './auth.service.js';
import { clientContext, type ClientContext } from './client-context.js';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(endpoints.auth.login.path)
  @HttpCode(200)
  async login(
    @Body() dto: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResponse> {
    const client = clientContext(request);
    return this.send(reply, client, await this.auth.login(dto, client));
  }

  @Post(endpoints.auth.register.path)
  @HttpCode(200)
  async register(
    @Body() dto: RegisterRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegisterResponse> {
    const client = clientContext(request);
    return this.send(reply, client, await this.auth.register(dto, client));
  }

  /** Ends the session; the cookies go even when there was none (then 401, §4.3). */
  @Post(endpoints.auth.signOut.path)
  @HttpCode(200)
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageResponse> {
    const session = await this.sessions.authenticate(request.headers.cookie);
    clearSessionCookie(reply, this.config);
    clearSignOutCookies(reply, this.config);
    if (!session) throw CommonException.unauthenticated();
    await this.sessions.revoke(session.sessionId);
    return { message: authMessages.loggedOut };
  }

  /** Signed in: resend to the own address. Signed out (Confirm email page): by address. */
  @Post(endpoints.auth.sendValidationEmail.path)
  @HttpCode(200)
  async sendValidationEmail(
    @Body() dto: Partial<EmailOnlyRequest>,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    const session = await this.sessions.authenticate(request.headers.cookie);
    if (session) return this.auth.resendVerification(session.customerId, clientContext(request));
    const validated = await validateEmailOnly(dto);
    return this.auth.requestVerificationByEmail(validated.email, clientContext(request));
  }

  @Post(endpoints.auth.sendPasswordResetEmail.path)
  @HttpCode(200)
  sendPasswordResetEmail(
    @Body() dto: EmailOnlyRequest,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    return this.auth.requestPasswordReset(dto.email, clientContext(request));
  }

  /** The token comes in the body or, as the spec's other reading has it, in the query string. */
  @Post(endpoints.auth.resetPassword.path)
  @HttpCode(200)
  async resetPassword(
    @Body() dto: ResetPasswordRequest,
    @Query('token') queryToken: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageResponse & { customer_id: string }> {
    const token = dto.token || queryToken || '';
    const client = clientContext(request);
    return this.send(reply, client, await this.auth.resetPassword(token, dto.password, client));
  }

  /** The reset page asks this when it opens; the link stays usable. */
  @Post(endpoints.auth.checkResetLink.path)
  @HttpCode(200)
  checkResetLink(@Body() dto: ResetLinkCheckRequest): Promise<EmptyResponse> {
    return this.auth.checkResetLink(dto.token);
  }

  @Post(endpoints.auth.verifyEmail.path)
  @HttpCode(200)
  verifyEmail(@Body() dto: VerifyEmailRequest): Promise<MessageResponse & { customer_id: string }> {
    return this.auth.verifyEmail(dto.token);
  }

  private send<T>(reply: FastifyReply, client: ClientContext, outcome: AuthOutcome<T>): T {
    if (outcome.sessionToken) {
      setSessionCookie(reply, this.config, outcome.sessionToken);
      // A finished two-factor attempt's cookie goes; a browser without one gets no header.
      if (client.attemptToken) clearAttemptCookie(reply, this.config);
    }
    if (outcome.deviceCookie) setDeviceCookie(reply, this.config, outcome.deviceCookie);
    if (outcome.attemptToken) setAttemptCookie(reply, this.config, outcome.attemptToken);
    void reply.header('cache-control', 'no-store');
    return outcome.response;
  }
}

async function validateEmailOnly(dto: Partial<EmailOnlyRequest>): Promise<EmailOnlyRequest> {
  const instance = plainToInstance(EmailOnlyRequest, dto ?? {});
  const errors = await validate(instance, { stopAtFirstError: true });
  if (errors.length > 0) throw CommonException.validation(toFieldErrors(errors));
  return instance;
}
