import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Ip,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ChangeEmailRequest,
  ConfirmEmailChangeRequest,
  endpoints,
  type EmailChangeLinkResponse,
  type EmailChangeStatus,
  type MessageResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { EmailChangeService } from './email-change.service.js';

/** GET, POST and DELETE {api}/account/change-email (§7), and the link's confirmation. */
@Controller()
export class EmailChangeController {
  constructor(private readonly changes: EmailChangeService) {}

  @Get(endpoints.account.emailChangeStatus.path)
  @UseGuards(SessionGuard)
  @Header('cache-control', 'no-store')
  status(@CurrentSession() auth: AuthenticatedCustomer): Promise<EmailChangeStatus> {
    return this.changes.status(auth);
  }

  @Post(endpoints.account.changeEmail.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  request(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() dto: ChangeEmailRequest,
    @Ip() ipAddress: string,
  ): Promise<MessageResponse> {
    return this.changes.request(auth, dto, ipAddress);
  }

  @Delete(endpoints.account.cancelEmailChange.path)
  @UseGuards(SessionGuard)
  @HttpCode(200)
  cancel(@CurrentSession() auth: AuthenticatedCustomer): Promise<MessageResponse> {
    return this.changes.cancel(auth);
  }

  /** Public: which address the link confirms, asked when its page opens; uses nothing up. */
  @Post(endpoints.account.checkEmailChangeLink.path)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  check(@Body() dto: ConfirmEmailChangeRequest): Promise<EmailChangeLinkResponse> {
    return this.changes.checkLink(dto.token);
  }

  /** Public: whoever holds the link may use it, once (like a reset link). */
  @Post(endpoints.account.confirmEmailChange.path)
  @HttpCode(200)
  confirm(@Body() dto: ConfirmEmailChangeRequest): Promise<MessageResponse> {
    return this.changes.confirm(dto.token);
  }
}
