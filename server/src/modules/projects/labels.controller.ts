import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  CreateLabelBody,
  endpoints,
  LabelsQueryDto,
  OnboardingBody,
  UpdateLabelBody,
  type DeletedLabelResponse,
  type LabelResponse,
  type LabelsResponse,
  type OnboardingResponse,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { LabelsService } from './labels.service.js';
import { OnboardingService } from './onboarding.service.js';

/** The folder calls of endpoints.labels (projects-dashboard §7 Folders). */
@Controller()
@UseGuards(SessionGuard)
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Get(endpoints.labels.list.path)
  @Header('cache-control', 'no-store')
  list(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Query() query: LabelsQueryDto,
  ): Promise<LabelsResponse> {
    return query.team === undefined ? this.labels.list(auth) : this.labels.ofTeam(auth, query.team);
  }

  @Post(endpoints.labels.create.path)
  @HttpCode(201)
  create(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CreateLabelBody,
  ): Promise<LabelResponse> {
    return this.labels.create(auth, body);
  }

  @Put(endpoints.labels.update.path)
  @HttpCode(200)
  update(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: UpdateLabelBody,
  ): Promise<LabelResponse> {
    return this.labels.update(auth, id, body);
  }

  @Delete(endpoints.labels.delete.path)
  @HttpCode(200)
  delete(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<DeletedLabelResponse> {
    return this.labels.delete(auth, id);
  }
}

/** POST onboarding/projects (projects-dashboard §7): step, finish, cancel. */
@Controller()
@UseGuards(SessionGuard)
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Post(endpoints.onboarding.projects.path)
  @HttpCode(200)
  projects(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: OnboardingBody,
  ): Promise<OnboardingResponse> {
    return this.onboarding.projects(auth, body);
  }
}
