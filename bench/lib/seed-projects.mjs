// Bulk seeding for the projects bench: one statement per table, generated in PostgreSQL
// (generate_series), so a million projects take a minute or two, not hours of round trips.
// The counters' trigger is off while seeding and the counters are computed once afterwards.
import pg from 'pg';

/** Words titles are made of: a search for one matches about 1 title in WORDS.length. */
export const TITLE_WORDS = [
  'Logo',
  'Banner',
  'Intro',
  'Loader',
  'Icon',
  'Hero',
  'Promo',
  'Button',
  'Badge',
  'Spinner',
  'Wave',
  'Chart',
  'Arrow',
  'Card',
  'Cursor',
  'Sparkle',
  'Bounce',
  'Slide',
  'Morph',
  'Pulse',
  'Ribbon',
  'Rocket',
  'Planet',
  'Cloud',
  'Ticker',
  'Typing',
  'Glitch',
  'Neon',
  'Confetti',
  'Heart',
  'Star',
  'Clock',
  'Toggle',
  'Menu',
  'Sticker',
  'Emoji',
  'Mascot',
  'Poster',
  'Teaser',
  'Outro',
  'Lower third',
  'Caption',
  'Divider',
  'Frame',
  'Gradient',
  'Orbit',
  'Ripple',
  'Swirl',
  'Zigzag',
  'Flag',
  'Map',
  'Pin',
  'Bell',
  'Gift',
  'Coin',
  'Trophy',
  'Medal',
  'Crown',
  'Leaf',
  'Flower',
  'Snow',
  'Rain',
  'Sun',
  'Moon',
];

/**
 * Seeds `total` projects: `bigCount` of them for the returned customer (in a tree of 100
 * folders, 60 % of them inside one), the rest spread over other customers, `perOther` each.
 */
export async function seedProjects(databaseUrl, { bigCustomerId, total, bigCount, perOther }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    const others = Math.ceil((total - bigCount) / perOther);
    await client.query('ALTER TABLE projects DISABLE TRIGGER projects_keep_counts');
    // Nothing of these is shared: the shared listing's trigger has nothing to do for them.
    await client.query('ALTER TABLE projects DISABLE TRIGGER projects_keep_listing_insert');
    await client.query(
      `INSERT INTO customers (email, name)
       SELECT 'bench-other-' || i || '@example.test', 'Other ' || i FROM generate_series(1, $1) AS i`,
      [others],
    );
    // 10 top folders, 3 sub-folders each, 2 below each of those: 100 folders, 3 levels.
    await client.query(
      `WITH top AS (
         INSERT INTO labels (owner_id, title)
         SELECT $1, 'Folder ' || i FROM generate_series(1, 10) AS i RETURNING id, title
       ), mid AS (
         INSERT INTO labels (owner_id, parent_id, title)
         SELECT $1, top.id, top.title || '.' || j FROM top, generate_series(1, 3) AS j
         RETURNING id, title
       )
       INSERT INTO labels (owner_id, parent_id, title)
       SELECT $1, mid.id, mid.title || '.' || k FROM mid, generate_series(1, 2) AS k`,
      [bigCustomerId],
    );
    const words = `ARRAY[${TITLE_WORDS.map((w) => `'${w}'`).join(',')}]`;
    const title = (n) => `(${words})[1 + (${n} % ${TITLE_WORDS.length})] || ' ' || ${n}`;
    // The big customer's projects: 40 % at the top, the rest spread over the 100 folders.
    await client.query(
      `WITH folders AS (SELECT array_agg(id ORDER BY id) AS ids FROM labels WHERE owner_id = $1)
       INSERT INTO projects (id, owner_id, title, label_id, data, size_bytes, created_at, updated_at)
       SELECT md5('big-' || i), $1, ${title('i')},
              CASE WHEN i % 5 < 2 THEN NULL ELSE folders.ids[1 + (i % 100)] END,
              '{}'::jsonb, 2000 + (i % 50000),
              now() - interval '730 days' + (i * interval '10 minutes'),
              now() - interval '730 days' + (i * interval '10 minutes') + ((i % 97) * interval '1 hour')
       FROM generate_series(1, $2) AS i, folders`,
      [bigCustomerId, bigCount],
    );
    await client.query(
      `INSERT INTO projects (id, owner_id, title, data, size_bytes, created_at, updated_at)
       SELECT md5('other-' || i), c.id, ${title('i')}, '{}'::jsonb, 2000 + (i % 50000),
              now() - (i % 100000) * interval '7 minutes', now() - (i % 90000) * interval '7 minutes'
       FROM generate_series(1, $1) AS i
       JOIN LATERAL (
         SELECT id FROM customers WHERE email = 'bench-other-' || (1 + (i - 1) / $2) || '@example.test'
       ) AS c ON true`,
      [total - bigCount, perOther],
    );
    await client.query('ALTER TABLE projects ENABLE TRIGGER projects_keep_counts');
    await client.query('ALTER TABLE projects ENABLE TRIGGER projects_keep_listing_insert');
    await client.query(
      `INSERT INTO project_usage (owner_id, projects_count, storage_bytes)
       SELECT owner_id, count(*), sum(size_bytes) FROM projects WHERE NOT is_demo GROUP BY owner_id
       ON CONFLICT (owner_id) DO UPDATE
         SET projects_count = EXCLUDED.projects_count, storage_bytes = EXCLUDED.storage_bytes`,
    );
    await client.query(
      `UPDATE labels SET projects_count = c.n
       FROM (SELECT label_id, count(*) AS n FROM projects WHERE label_id IS NOT NULL GROUP BY label_id) AS c
       WHERE labels.id = c.label_id`,
    );
    await client.query('VACUUM ANALYZE projects');
    await client.query('VACUUM ANALYZE labels');
    await client.query('VACUUM ANALYZE project_usage');
    const { rows } = await client.query('SELECT count(*)::int AS n FROM projects');
    return { projects: rows[0].n, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * Issue 31's part: `shared` projects of a sharer, in `folders` top folders (each with a
 * sub-folder holding half of its projects), every top folder shared with `sharedCustomerId`
 * (view); and `team` projects of `sharedCustomerId`'s own, shared with a team they own (with an
 * active team plan). Runs before seedProjects, whose counters' pass covers these projects.
 * The grants go in through the database's triggers, as the app's would.
 */
export async function seedSharing(databaseUrl, { sharedCustomerId, shared, folders, team }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const words = `ARRAY[${TITLE_WORDS.map((w) => `'${w}'`).join(',')}]`;
    const title = (n) => `(${words})[1 + (${n} % ${TITLE_WORDS.length})] || ' ' || ${n}`;
    const {
      rows: [sharer],
    } = await client.query(
      `INSERT INTO customers (email, name) VALUES ('bench-sharer@example.test', 'Sharer')
       RETURNING id`,
    );
    await client.query(
      `WITH top AS (
         INSERT INTO labels (owner_id, title)
         SELECT $1, 'Shared ' || i FROM generate_series(1, $2) AS i RETURNING id, title
       )
       INSERT INTO labels (owner_id, parent_id, title) SELECT $1, top.id, top.title || '.1' FROM top`,
      [sharer.id, folders],
    );
    await client.query(
      `WITH folders AS (SELECT array_agg(id ORDER BY id) AS ids FROM labels WHERE owner_id = $1)
       INSERT INTO projects (id, owner_id, title, label_id, data, size_bytes, created_at, updated_at)
       SELECT md5('shared-' || i), $1, ${title('i')}, folders.ids[1 + (i % array_length(folders.ids, 1))],
              '{}'::jsonb, 2000 + (i % 50000),
              now() - interval '400 days' + (i * interval '13 minutes'),
              now() - interval '400 days' + (i * interval '13 minutes') + ((i % 89) * interval '1 hour')
       FROM generate_series(1, $2) AS i, folders`,
      [sharer.id, shared],
    );
    await client.query(
      `INSERT INTO label_shares (label_id, customer_id, access)
       SELECT id, $2, 'view' FROM labels WHERE owner_id = $1 AND parent_id IS NULL`,
      [sharer.id, sharedCustomerId],
    );
    const {
      rows: [subscription],
    } = await client.query(
      `INSERT INTO subscriptions (customer_id, gateway, external_id, plan_id, status,
         cancel_at_period_end, current_period_end, payment_method, card_brand, card_last4, state_at)
       VALUES ($1, 'sandbox-card', 'sub_bench_team', 'team-monthly', 'active', false,
         now() + interval '30 days', 'card', 'visa', '4242', now())
       RETURNING id`,
      [sharedCustomerId],
    );
    const {
      rows: [teamRow],
    } = await client.query(
      `INSERT INTO teams (subscription_id, owner_id, title, cycle_ends_at)
       VALUES ($1, $2, 'Bench team', now() + interval '30 days') RETURNING id`,
      [subscription.id, sharedCustomerId],
    );
    await client.query(
      `INSERT INTO team_members (team_id, customer_id, role, position) VALUES ($1, $2, 'owner', 0)`,
      [teamRow.id, sharedCustomerId],
    );
    await client.query(
      `INSERT INTO projects (id, owner_id, title, data, size_bytes, created_at, updated_at)
       SELECT md5('team-' || i), $1, ${title('i')}, '{}'::jsonb, 2000 + (i % 50000),
              now() - interval '300 days' + (i * interval '17 minutes'),
              now() - interval '300 days' + (i * interval '17 minutes') + ((i % 83) * interval '1 hour')
       FROM generate_series(1, $2) AS i`,
      [sharedCustomerId, team],
    );
    await client.query(
      `INSERT INTO team_shares (team_id, project_id, access)
       SELECT $1, id, 'edit' FROM projects WHERE owner_id = $2`,
      [teamRow.id, sharedCustomerId],
    );
    for (const table of [
      'shared_projects',
      'team_projects',
      'shared_counts',
      'team_shares',
      'label_shares',
      'teams',
      'team_members',
      'customers',
    ])
      await client.query(`VACUUM ANALYZE ${table}`);
    return { teamId: teamRow.id };
  } finally {
    await client.end();
  }
}
