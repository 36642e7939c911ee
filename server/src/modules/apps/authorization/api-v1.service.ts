import { Injectable } from '@nestjs/common';
import {
  API_V1_PROJECTS_DEFAULT_LIMIT,
  API_V1_PROJECTS_MAX_LIMIT,
  appApiMessages,
  type ApiV1Me,
  type ApiV1ProjectList,
} from '@animata/contracts';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CustomersRepository } from '../../customers/index.js';
import { type ProjectPosition, ProjectsRepository } from '../../projects/index.js';
import { AppAuthorizationException } from './app-authorization.exception.js';
import type { AppAccess } from './bearer.guard.js';

const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([a-z0-9]{32})$/;

/** The opaque `nextCursor`: where the page stopped, base64url. */
export function encodeCursor(position: ProjectPosition): string {
  return Buffer.from(`${position.updatedAt}|${position.id}`).toString('base64url');
}

/** The position behind a cursor this API gave, or null for anything else. */
export function decodeCursor(cursor: string): ProjectPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const updatedAt = match[1]!;
  // A real instant: PostgreSQL would refuse month 13 with an error, not an empty page.
  const date = new Date(`${updatedAt.slice(0, 23)}Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== updatedAt.slice(0, 19))
    return null;
  return { updatedAt, id: match[2]! };
}

/** `limit` from the query: absent is the default; anything but 1..100 in digits is refused. */
export function parseLimit(value: unknown): number | null {
  if (value === undefined) return API_V1_PROJECTS_DEFAULT_LIMIT;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) return null;
  const limit = Number(value);
  return limit >= 1 && limit <= API_V1_PROJECTS_MAX_LIMIT ? limit : null;
}

/** The read API of authorized apps: the account info and the customer's own projects. */
@Injectable()
export class ApiV1Service {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly projectRows: ProjectsRepository,
  ) {}

  async me(access: AppAccess): Promise<ApiV1Me> {
    const customer = await this.customers.findById(access.customerId);
    if (!customer) throw CommonException.notFound();
    return { id: customer.id, name: customer.name, email: customer.email };
  }

  /** The customer's own projects (no demos), newest changed first, keyset-paged. */
  async projects(access: AppAccess, query: Record<string, unknown>): Promise<ApiV1ProjectList> {
    const limit = parseLimit(query.limit);
    if (limit === null) throw AppAuthorizationException.field('limit', appApiMessages.limit);
    let after: ProjectPosition | null = null;
    if (query.cursor !== undefined) {
      after = typeof query.cursor === 'string' ? decodeCursor(query.cursor) : null;
      if (after === null) throw AppAuthorizationException.field('cursor', appApiMessages.cursor);
    }
    // One row more than asked says whether another page follows.
    const rows = await this.projectRows.ownPage(access.customerId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => ({
        id: row.id,
        title: row.title,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        folderId: row.label_id,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last.position) : null,
    };
  }
}
