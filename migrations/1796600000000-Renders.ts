import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Renders (issue 32; projects-dashboard §3 Export, §4 render job statuses). A render is a row from
 * the moment it is asked for until its file is deleted; its id is the render queue's job id, so a
 * retried or duplicated enqueue renders once. The row is the truth about a job: the queue holds
 * at most a few of a customer's renders at a time (the customer's line, `renders_line_idx`), so
 * one customer's thousand renders never stand in front of another's one.
 */
export class Renders1796600000000 implements MigrationInterface {
  name = 'Renders1796600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE renders (
        id char(32) PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        project_id char(32) REFERENCES projects (id) ON DELETE SET NULL,
        project_title varchar(64) NOT NULL,
        title varchar(64) NOT NULL,
        extension varchar(8) NOT NULL,
        job_input jsonb NOT NULL,
        watermark boolean NOT NULL,
        duration_ms integer NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'queued' CHECK (status IN
          ('queued', 'scheduled', 'deployed', 'progress', 'done', 'failed', 'aborted')),
        percent smallint NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
        eta_seconds integer,
        error text,
        priority smallint NOT NULL DEFAULT 0,
        plan_rank smallint NOT NULL DEFAULT 0,
        size_bytes bigint NOT NULL DEFAULT 0,
        file_key text,
        attempts integer NOT NULL DEFAULT 0,
        completions integer NOT NULL DEFAULT 0,
        share_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        delete_at timestamptz
      )`);
    // The renders screen's two sections, each in the six sorts (§9) with paging.
    await db.query(
      `CREATE INDEX renders_done_date_idx ON renders (customer_id, created_at DESC, id) WHERE status = 'done'`,
    );
    await db.query(
      `CREATE INDEX renders_done_title_idx ON renders (customer_id, lower(title), id) WHERE status = 'done'`,
    );
    await db.query(
      `CREATE INDEX renders_done_size_idx ON renders (customer_id, size_bytes, id) WHERE status = 'done'`,
    );
    await db.query(
      `CREATE INDEX renders_jobs_idx ON renders (customer_id, created_at DESC, id)
         WHERE status IN ('queued', 'scheduled', 'deployed', 'progress', 'failed')`,
    );
    // The customer's line: the next render to hand to the queue.
    await db.query(
      `CREATE INDEX renders_line_idx ON renders (customer_id, priority DESC, created_at, id) WHERE status = 'queued'`,
    );
    // Renders in the queue's hands, for the recovery sweep after a crash or a Redis outage.
    await db.query(
      `CREATE INDEX renders_in_queue_idx ON renders (updated_at) WHERE status IN ('scheduled', 'deployed', 'progress')`,
    );
    await db.query(
      `CREATE INDEX renders_customers_waiting_idx ON renders (plan_rank DESC, created_at) WHERE status = 'queued'`,
    );
    await db.query(
      `CREATE INDEX renders_delete_at_idx ON renders (delete_at) WHERE delete_at IS NOT NULL`,
    );
    await db.query(`CREATE INDEX renders_project_idx ON renders (project_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE renders`);
  }
}
