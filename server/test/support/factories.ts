import { randomBytes } from 'node:crypto';
import {
  APP_KEY_BODY_LENGTH,
  APP_SECRET_PREFIX,
  displayAppId,
  defaultRenderInput,
  emptyProjectData,
  renderCaps,
  type ProjectData,
  type RenderExtension,
  type RenderJobInput,
  type RenderStatus,
} from '@animata/contracts';
import type { DataSource } from 'typeorm';
import type { StartedApp } from '../../src/app/create-app.js';
import { hashToken, newPublicId } from '../../src/common/ids.js';
import { CustomerEntity } from '../../src/modules/customers/index.js';
import { LabelEntity, ProjectEntity } from '../../src/modules/projects/index.js';
import {
  type NewSessionMeta,
  sessionCookieName,
  SessionsService,
} from '../../src/modules/sessions/index.js';
import type { FileStorage } from '../../src/modules/storage/index.js';
import { TeamsService } from '../../src/modules/teams/index.js';

/**
 * A customer row with a unique e-mail; no password unless given. The welcome screen is off
 * (it would cover the dashboard of every test); tests of the onboarding turn it on.
 */
export async function newCustomer(
  dataSource: DataSource,
  overrides: Partial<Omit<CustomerEntity, 'createdAt' | 'updatedAt'>> = {},
): Promise<CustomerEntity> {
  const customers = dataSource.getRepository(CustomerEntity);
  const suffix = randomBytes(5).toString('hex');
  const customer = customers.create({
    email: `customer-${suffix}@example.test`,
    name: `Customer ${suffix}`,
    passwordHash: null,
    verifiedAt: new Date(),
    onboardingProjects: false,
    ...overrides,
  });
  return customers.save(customer);
}

/** Signs a customer in on a booted app: a real session, returned as a Cookie header value. */
export async function newSessionCookie(
  app: Pick<StartedApp, 'app' | 'runtime'>,
  customerId: string,
): Promise<string> {
  const token = await app.app.get(SessionsService).create(customerId);
  return `${sessionCookieName(app.runtime.config)}=${encodeURIComponent(token)}`;
}

/** A live session of the customer (with a browser's user agent, say); returns the cookie's token. */
export function newSession(
  app: Pick<StartedApp, 'app'>,
  customerId: string,
  meta: NewSessionMeta = {},
): Promise<string> {
  return app.app.get(SessionsService).create(customerId, meta);
}

export { sessionCookieName } from '../../src/modules/sessions/index.js';

/** A reset-password link's token for the customer, as the recovery mail would carry it. */
export async function newResetToken(
  app: Pick<StartedApp, 'app'>,
  customerId: string,
): Promise<string> {
  const { AuthTokensService } = await import('../../src/modules/auth/auth-tokens.service.js');
  return app.app.get(AuthTokensService).issue(customerId, 'reset-password');
}

/** An argon2id hash of the password, as sign-up would store it. */
export async function passwordHashFor(password: string): Promise<string> {
  const { PasswordHasher } = await import('../../src/modules/auth/password-hasher.js');
  return new PasswordHasher().hash(password);
}

/**
 * A project row of the owner (no preview job: tests that need one go through the API). Its
 * size is its data's JSON length unless given; the trigger counts it toward the owner's usage.
 */
export async function newProject(
  dataSource: DataSource,
  ownerId: string,
  overrides: Partial<Omit<ProjectEntity, 'ownerId'>> = {},
): Promise<ProjectEntity> {
  const data: ProjectData = overrides.data ?? emptyProjectData();
  const projects = dataSource.getRepository(ProjectEntity);
  const project = projects.create({
    id: newPublicId(),
    ownerId,
    title: `Project ${randomBytes(3).toString('hex')}`,
    labelId: null,
    isDemo: false,
    fromId: null,
    width: data.options.dimension.width,
    height: data.options.dimension.height,
    durationMs: data.options.duration,
    sizeBytes: Buffer.byteLength(JSON.stringify(data)),
    ...overrides,
    data,
  });
  return projects.save(project);
}

/** A folder of the owner, at the top level unless `parentId` is given. */
export async function newLabel(
  dataSource: DataSource,
  ownerId: string,
  overrides: Partial<Pick<LabelEntity, 'title' | 'parentId'>> = {},
): Promise<LabelEntity> {
  const labels = dataSource.getRepository(LabelEntity);
  return labels.save(
    labels.create({
      ownerId,
      parentId: null,
      title: `Folder ${randomBytes(3).toString('hex')}`,
      ...overrides,
    }),
  );
}

/**
 * The demo folder's originals, owned by a demo customer of their own (SEED_DEMO is off in
 * tests): `titles` of them, answered with that customer.
 */
export async function newDemoProjects(
  dataSource: DataSource,
  titles: string[] = ['Bouncing ball', 'Spinning logo', 'Loading dots'],
): Promise<{ demoCustomer: CustomerEntity; projects: ProjectEntity[] }> {
  const demoCustomer = await newCustomer(dataSource, { name: 'Demo Customer' });
  const projects: ProjectEntity[] = [];
  for (const title of titles)
    projects.push(await newProject(dataSource, demoCustomer.id, { title, isDemo: true }));
  return { demoCustomer, projects };
}

/** What newSubscriptionRow stores: a plan id of billing_plans ('pro-monthly' …) and its state. */
export interface SubscriptionRowOptions {
  planId: string;
  status?: 'active' | 'past_due' | 'canceled' | 'expired';
  cancelAtPeriodEnd?: boolean;
  /** Default: 30 days (monthly) or a year (annual) from now. */
  periodEnd?: Date;
  paymentMethod?: 'card' | 'paypal' | null;
  card?: { brand: string; last4: string };
  paypalEmail?: string;
}

/**
 * A subscription row as the gateways' events would have left it (the sandbox card gateway),
 * for tests that need a pro or team customer without paying through the checkout.
 */
export async function newSubscriptionRow(
  dataSource: DataSource,
  customerId: string,
  options: SubscriptionRowOptions,
): Promise<string> {
  const days = options.planId.endsWith('annual') ? 365 : 30;
  const method = options.paymentMethod === undefined ? 'card' : options.paymentMethod;
  const card = method === 'card' ? (options.card ?? { brand: 'visa', last4: '4242' }) : null;
  const rows: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO subscriptions
       (customer_id, gateway, external_id, plan_id, status, cancel_at_period_end,
        current_period_end, payment_method, card_brand, card_last4, paypal_email,
        past_due_since, state_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
     RETURNING id`,
    [
      customerId,
      method === 'paypal' ? 'sandbox-wallet' : 'sandbox-card',
      `sub_test_${randomBytes(6).toString('hex')}`,
      options.planId,
      options.status ?? 'active',
      options.cancelAtPeriodEnd ?? options.status === 'canceled',
      options.periodEnd ?? new Date(Date.now() + days * 86_400_000),
      method,
      card?.brand ?? null,
      card?.last4 ?? null,
      method === 'paypal' ? (options.paypalEmail ?? 'buyer@example.test') : null,
      options.status === 'past_due' ? new Date() : null,
    ],
  );
  return rows[0]!.id;
}

/** A developer app as the own apps page would create it, with its admin and any managers. */
export interface NewAppOptions {
  name?: string;
  redirectUris?: string[];
  origins?: string[];
  /** Further members: customer id and role. */
  members?: Array<{ customerId: string; role: 'admin' | 'manager' }>;
}

export interface NewApp {
  /** The stored id (29 characters). */
  id: string;
  /** `ai_{id}`, as apps send it. */
  appId: string;
  /** `sk_…`, the full secret key. */
  secret: string;
  name: string;
}

/** An app whose admin is `adminId`, with a known secret (only its hash is stored). */
export async function newApp(
  dataSource: DataSource,
  adminId: string,
  options: NewAppOptions = {},
): Promise<NewApp> {
  const id = newPublicId(APP_KEY_BODY_LENGTH);
  const secret = `${APP_SECRET_PREFIX}${newPublicId(APP_KEY_BODY_LENGTH)}`;
  const name = options.name ?? `App ${id.slice(0, 6)}`;
  await dataSource.query(
    `INSERT INTO apps (id, name, secret_hash, secret_hint, redirect_uris, origins)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      id,
      name,
      hashToken(secret),
      secret.slice(-4),
      options.redirectUris ?? [],
      options.origins ?? [],
    ],
  );
  const members = [{ customerId: adminId, role: 'admin' as const }, ...(options.members ?? [])];
  for (const member of members) {
    await dataSource.query(
      `INSERT INTO app_members (app_id, customer_id, role) VALUES ($1, $2, $3)`,
      [id, member.customerId, member.role],
    );
  }
  return { id, appId: displayAppId(id), secret, name };
}

/** What newTeam makes (issue 30). */
export interface NewTeamOptions {
  owner: CustomerEntity;
  /** Members besides the owner, in order; role member unless given. */
  members?: Array<{ customer: CustomerEntity; role?: 'administrator' | 'member' }>;
  /** Invites, oldest first; pending and member unless given. */
  invites?: Array<{
    email: string;
    status?: 'pending' | 'refused';
    grantAccess?: 'member' | 'administrator';
  }>;
  /** Extra seats of the plan (0–7). */
  extraSlots?: number;
  /** Extra seats from the next billing date (a decrease the gateway scheduled). */
  nextCycleSlots?: number;
  /** The team plan lapsed: the subscription is expired. */
  expired?: boolean;
  planId?: 'team-monthly' | 'team-annual';
  periodEnd?: Date;
  title?: string;
}

export interface NewTeam {
  teamId: string;
  subscriptionId: string;
  /** Membership ids (team_members.id) by customer id, the owner's included. */
  memberships: Record<string, string>;
  /** Invite ids by e-mail. */
  invites: Record<string, string>;
}

/**
 * A team as paying for the team plan would have made it (a subscription row of the sandbox card
 * gateway, the owner's membership), with members and invites, without going through the
 * checkout. Seat changes need a team made by paying (the gateway must know the subscription).
 */
export async function newTeam(dataSource: DataSource, options: NewTeamOptions): Promise<NewTeam> {
  const subscriptionId = await newSubscriptionRow(dataSource, options.owner.id, {
    planId: options.planId ?? 'team-monthly',
    status: options.expired ? 'expired' : 'active',
    ...(options.expired ? { periodEnd: new Date(Date.now() - 86_400_000) } : {}),
    ...(options.periodEnd ? { periodEnd: options.periodEnd } : {}),
  });
  await dataSource.query(
    `UPDATE subscriptions SET extra_slots = $2, next_cycle_slots = $3 WHERE id = $1`,
    [subscriptionId, options.extraSlots ?? 0, options.nextCycleSlots ?? null],
  );
  const [team]: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO teams (subscription_id, owner_id, title, cycle_ends_at)
     SELECT id, customer_id, $2, current_period_end FROM subscriptions WHERE id = $1 RETURNING id`,
    [subscriptionId, options.title ?? `${options.owner.name}'s team`],
  );
  const teamId = team!.id;
  const memberships: Record<string, string> = {};
  const all = [
    { customer: options.owner, role: 'owner' as const },
    ...(options.members ?? []).map((m) => ({ customer: m.customer, role: m.role ?? 'member' })),
  ];
  for (const [position, m] of all.entries()) {
    const [row]: Array<{ id: string }> = await dataSource.query(
      `INSERT INTO team_members (team_id, customer_id, role, position, created_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id`,
      [teamId, m.customer.id, m.role, position, position],
    );
    memberships[m.customer.id] = row!.id;
  }
  const invites: Record<string, string> = {};
  for (const [index, invite] of (options.invites ?? []).entries()) {
    const [row]: Array<{ id: string }> = await dataSource.query(
      `INSERT INTO team_invites (team_id, inviter_id, recipient_email, status, grant_access, token_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7)) RETURNING id`,
      [
        teamId,
        options.owner.id,
        invite.email.toLowerCase(),
        invite.status ?? 'pending',
        invite.grantAccess ?? 'member',
        hashToken(randomBytes(32).toString('base64url')),
        index,
      ],
    );
    invites[invite.email] = row!.id;
  }
  return { teamId, subscriptionId, memberships, invites };
}

/** Shares a project or a folder with a team (the minimum of team sharing the views need). */
export async function shareWithTeam(
  dataSource: DataSource,
  teamId: string,
  target: { projectId: string } | { labelId: string },
  access: 'view' | 'edit' = 'view',
): Promise<void> {
  await dataSource.query(
    `INSERT INTO team_shares (team_id, project_id, label_id, access) VALUES ($1, $2, $3, $4)`,
    [
      teamId,
      'projectId' in target ? target.projectId : null,
      'labelId' in target ? target.labelId : null,
      access,
    ],
  );
}

/**
 * Turns the billing cycle of every team whose period ended by `now` (the maintenance job's
 * step): kept seat decreases are applied, the entries marked toBeDeleted removed. Pass a time
 * after the team's period end (its subscription's current_period_end).
 */
export async function turnTeamCycles(
  app: Pick<StartedApp, 'app'>,
  now: Date = new Date(Date.now() + 400 * 86_400_000),
): Promise<number> {
  return app.app.get(TeamsService).turnCycles(now);
}

/** What newShareInvite makes (issue 31). */
export interface NewShareInvite {
  id: string;
  /** The mailed link's token (only its SHA-256 is stored). */
  token: string;
}

/**
 * A share invite to a project or a folder, as POST invite/project|label/{id} would store it
 * (without the mail or the checks): pending and view unless given.
 */
export async function newShareInvite(
  dataSource: DataSource,
  options: {
    target: { projectId: string } | { labelId: string };
    inviterId: string;
    email: string;
    grantAccess?: 'view' | 'edit';
    status?: 'pending' | 'refused';
  },
): Promise<NewShareInvite> {
  const token = randomBytes(32).toString('base64url');
  const [row]: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO share_invites
       (project_id, label_id, inviter_id, recipient_email, grant_access, status, token_hash)
     VALUES ($1, $2, $3, lower($4), $5, $6, $7) RETURNING id`,
    [
      'projectId' in options.target ? options.target.projectId : null,
      'labelId' in options.target ? options.target.labelId : null,
      options.inviterId,
      options.email,
      options.grantAccess ?? 'view',
      options.status ?? 'pending',
      hashToken(token),
    ],
  );
  return { id: row!.id, token };
}

/**
 * A customer's grant on a project or a folder, as an accepted invite would leave it (issue 31);
 * answers the grant's id (project_shares.id or label_shares.id).
 */
export async function newShare(
  dataSource: DataSource,
  options: ({ project: string } | { label: string }) & {
    customer: string;
    access?: 'view' | 'edit';
  },
): Promise<string> {
  const [row]: Array<{ id: string }> =
    'project' in options
      ? await dataSource.query(
          `INSERT INTO project_shares (project_id, customer_id, access) VALUES ($1, $2, $3)
           RETURNING id`,
          [options.project, options.customer, options.access ?? 'view'],
        )
      : await dataSource.query(
          `INSERT INTO label_shares (label_id, customer_id, access) VALUES ($1, $2, $3)
           RETURNING id`,
          [options.label, options.customer, options.access ?? 'view'],
        );
  return row!.id;
}

/** What newRender stores (issue 32). */
export interface NewRenderOptions {
  customer: { id: string };
  /** Default 'done'. */
  status?: RenderStatus;
  project?: { id: string; title: string } | null;
  title?: string;
  extension?: RenderExtension;
  /** A done render's file: written to storage under renders/{customer}/{id}.{ext}. */
  file?: { storage: FileStorage; bytes: Buffer };
  /** Without a file: the size the row says (bytes). */
  sizeBytes?: number;
  createdAt?: Date;
  deleteAt?: Date | null;
  priority?: number;
  error?: string | null;
}

/**
 * A render row as the render jobs would have left it (no job runs): done with its file in
 * storage when `file` is given, or pending, running, failed, aborted.
 */
export async function newRender(
  dataSource: DataSource,
  options: NewRenderOptions,
): Promise<{ id: string; fileKey: string | null; title: string }> {
  const id = newPublicId();
  const status = options.status ?? 'done';
  const extension = options.extension ?? 'mp4';
  const title = options.title ?? `Render ${randomBytes(3).toString('hex')}`;
  let fileKey: string | null = null;
  let size = options.sizeBytes ?? 0;
  if (options.file) {
    fileKey = `renders/${options.customer.id}/${id}.${extension}`;
    await options.file.storage.put(fileKey, options.file.bytes);
    size = options.file.bytes.length;
  }
  const jobInput: RenderJobInput = {
    ...defaultRenderInput(
      { duration: 2000, dimension: { width: 320, height: 180 } },
      renderCaps(0),
    ),
    extension,
    codec: extension === 'mp4' ? 'h264' : extension === 'webm' ? 'vp9' : null,
  };
  const createdAt = options.createdAt ?? new Date();
  await dataSource.query(
    `INSERT INTO renders (id, customer_id, project_id, project_title, title, extension, job_input,
       watermark, duration_ms, status, percent, error, priority, size_bytes, file_key,
       created_at, updated_at, delete_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, true, 2000, $8, $9, $10, $11, $12, $13, $14, $14,
       $15, $16)`,
    [
      id,
      options.customer.id,
      options.project?.id ?? null,
      options.project?.title ?? 'A project',
      title,
      extension,
      JSON.stringify(jobInput),
      status,
      status === 'done' ? 100 : 0,
      options.error ?? (status === 'failed' ? 'The render failed.' : null),
      options.priority ?? 0,
      size,
      fileKey,
      createdAt,
      options.deleteAt ?? null,
      status === 'done' ? createdAt : null,
    ],
  );
  return { id, fileKey, title };
}
