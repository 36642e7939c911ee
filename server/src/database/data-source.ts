import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Compiled migrations live in server/dist/migrations, beside server/dist/server/src. */
const migrationsDir = path.resolve(here, '../../../migrations');
/**
 * Every feature's entities, found by their file name (`*.entity.js` in its module folder), so
 * that the database layer imports no feature.
 */
const entitiesGlob = path.resolve(here, '../modules/**/*.entity.js');

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: [entitiesGlob],
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
