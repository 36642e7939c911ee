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
  CreateProjectBody,
  DuplicateProjectBody,
  endpoints,
  MoveProjectsBody,
  ProjectIdsBody,
  ProjectListQueryDto,
  UpdateProjectBody,
  type CreatedProjectResponse,
  type DuplicateProjectResponse,
  type OpenDemoResponse,
  type Project,
  type ProjectDetails,
  type ProjectIdsResponse,
  type ProjectListResponse,
  type ProjectWithData,
} from '@animata/contracts';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../sessions/index.js';
import { ProjectsService } from './projects.service.js';

/** The project calls of endpoints.projects (projects-dashboard §7), import and export aside. */
@Controller()
@UseGuards(SessionGuard)
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get(endpoints.projects.list.path)
  @Header('cache-control', 'no-store')
  list(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Query() query: ProjectListQueryDto,
  ): Promise<ProjectListResponse> {
    return this.projects.list(auth, query);
  }

  @Post(endpoints.projects.create.path)
  @HttpCode(201)
  create(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CreateProjectBody,
  ): Promise<CreatedProjectResponse> {
    return this.projects.create(auth, body);
  }

  @Get(endpoints.projects.get.path)
  @Header('cache-control', 'no-store')
  get(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<ProjectWithData> {
    return this.projects.withData(auth, id);
  }

  @Put(endpoints.projects.update.path)
  @HttpCode(200)
  update(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: UpdateProjectBody,
  ): Promise<Project> {
    return this.projects.update(auth, id, body);
  }

  @Post(endpoints.projects.openDemo.path)
  @HttpCode(200)
  openDemo(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<OpenDemoResponse> {
    return this.projects.openDemo(auth, id);
  }

  @Post(endpoints.projects.resetDemos.path)
  @HttpCode(200)
  resetDemos(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: ProjectIdsBody,
  ): Promise<ProjectIdsResponse> {
    return this.projects.resetDemos(auth, body);
  }

  @Post(endpoints.projects.duplicate.path)
  @HttpCode(201)
  duplicate(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Body() body: DuplicateProjectBody,
  ): Promise<DuplicateProjectResponse> {
    return this.projects.duplicate(auth, id, body);
  }

  @Put(endpoints.projects.move.path)
  @HttpCode(200)
  move(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: MoveProjectsBody,
  ): Promise<ProjectIdsResponse> {
    return this.projects.move(auth, body);
  }

  @Delete(endpoints.projects.deleteMany.path)
  @HttpCode(200)
  deleteMany(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: ProjectIdsBody,
  ): Promise<ProjectIdsResponse> {
    return this.projects.delete(auth, body.projects);
  }

  @Delete(endpoints.projects.delete.path)
  @HttpCode(200)
  delete(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<ProjectIdsResponse> {
    return this.projects.delete(auth, [id]);
  }

  @Get(endpoints.projects.details.path)
  @Header('cache-control', 'no-store')
  details(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
  ): Promise<ProjectDetails> {
    return this.projects.details(auth, id);
  }
}
