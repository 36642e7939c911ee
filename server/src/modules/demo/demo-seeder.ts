import { DEFAULT_PROJECT_OPTIONS, type ProjectData } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { newPublicId, newStrongPassword } from '../../common/ids.js';
import { PasswordHasher } from '../auth/index.js';
import { CustomerEntity } from '../customers/index.js';
import { ProjectEntity } from '../projects/index.js';
import { DEMO_EMAIL, DEMO_NAME, DEMO_PROJECTS } from './demo-content.js';

export interface DemoCredentials {
  email: string;
  password: string;
}

/**
 * Creates the demo customer and its sample projects on first start. Returns the credentials
 * only when it created them (they are printed once); null when the demo customer exists.
 */
export async function seedDemoCustomer(
  dataSource: DataSource,
  hasher = new PasswordHasher(),
): Promise<DemoCredentials | null> {
  const password = newStrongPassword();
  const passwordHash = await hasher.hash(password);
  return dataSource.transaction(async (manager) => {
    // The advisory lock makes two processes starting together seed once.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['animata:demo-seed']);
    const existing = await manager.findOne(CustomerEntity, { where: { email: DEMO_EMAIL } });
    if (existing) return null;
    const customer = await manager.save(
      manager.create(CustomerEntity, {
        email: DEMO_EMAIL,
        name: DEMO_NAME,
        passwordHash,
        verifiedAt: new Date(),
      }),
    );
    for (const demo of DEMO_PROJECTS) {
      const id = newPublicId();
      const data: ProjectData = {
        options: {
          ...DEFAULT_PROJECT_OPTIONS,
          dimension: { width: demo.width, height: demo.height },
          duration: demo.durationMs,
        },
        document: demo.svg,
        definitions: {},
      };
      await manager.save(
        manager.create(ProjectEntity, {
          id,
          ownerId: customer.id,
          title: demo.title,
          isDemo: true,
          width: demo.width,
          height: demo.height,
          durationMs: demo.durationMs,
          data,
          sizeBytes: Buffer.byteLength(JSON.stringify(data)),
        }),
      );
    }
    return { email: DEMO_EMAIL, password };
  });
}
