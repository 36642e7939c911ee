import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { SessionEntity } from '../modules/auth/session.entity.js';
import { CustomerEntity } from '../modules/customers/customer.entity.js';
import { OutboxMailEntity } from '../modules/mail/outbox-mail.entity.js';
import { ProjectEntity } from '../modules/projects/project.entity.js';

export const entities = [CustomerEntity, SessionEntity, ProjectEntity, OutboxMailEntity];

/** Compiled migrations live in server/dist/migrations, beside server/dist/server/src. */
const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations: [path.join(migrationsDir, '*.js')],
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 },
  });
}

/** Applies pending migrations, each in its own transaction; safe to call on every start. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
