/**
 * Schema migrations, applied in order at start inside one transaction each. Never edit a shipped
 * migration: add a new one.
 */
export interface Migration {
  id: string;
  /** The script; a function when it needs what only the server knows (the current year). */
  sql: string | ((ctx: MigrationContext) => string);
}

export interface MigrationContext {
  /** The server's current calendar year: the year the first release's data becomes. */
  currentYear: number;
}

/** The three statement-level triggers of a table guarded by month closing (migration 0007). */
function lockTriggers(table: string, onUpdate: string, onRows: string): string {
  return /* sql */ `
      create trigger ${table}_lock_update after update on ${table}
        referencing old table as old_rows new table as new_rows for each statement execute function ${onUpdate}();
      create trigger ${table}_lock_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function ${onRows}();
      create trigger ${table}_lock_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function ${onRows}();`;
}

/** Cents of a numeric(14,2) expression, times the sign `d.s` (exact: × 100 of two decimals is an integer). */
const signedCents = (expr: string) => `d.s * ((${expr}) * 100)::bigint`;

/** 1 when a monthly row `d` holds an actual figure (réel or achat ≠ 0), times its sign. */
const SIGNED_ACTUAL = `d.s * (case when d.reel <> 0 or d.achat <> 0 then 1 else 0 end)`;

/** Monthly rows of `rows` (a table or subquery with budget_monthly_data's columns) with the pole of their line, signed `sign`. */
function signed(rows: string, sign: 1 | -1): string {
  return `select ${sign} as s, l.expertise_pole_id as pole_id, r.year, r.month_index, r.previsionnel, r.achat_previsionnel, r.reel, r.achat
            from ${rows} r join budget_line_items l on l.id = r.budget_line_item_id`;
}

/**
 * Adds the signed monthly rows of the source query (s, pole_id, year, month_index and the four
 * measures) to both maintained tables: to dashboard_pole_months, cumulated (a row of month k
 * holds January to k, so a change in month m reaches the rows m to December); to
 * dashboard_client_months, per month. Upserts adding to the stored rows: two transactions
 * changing one pole add their own deltas, never overwrite each other's.
 */
function addMonths(source: string): string {
  const pole = ['previsionnel', 'achat_previsionnel', 'reel', 'achat', 'revue', 'ecart_realise', 'prev_realise'];
  const client = ['previsionnel', 'reel', 'achat', 'actuals'];
  return /* sql */ `
    -- A data-modifying WITH runs once and to completion, read or not.
    with d as (${source}),
    pole_deltas as (
      insert into dashboard_pole_months as a (year, pole_id, month, ${pole.join(', ')}, actuals)
      select d.year, d.pole_id, k,
             sum(${signedCents('d.previsionnel')}), sum(${signedCents('d.achat_previsionnel')}),
             sum(${signedCents('d.reel')}), sum(${signedCents('d.achat')}),
             sum(${signedCents('case when d.reel > 0 then d.reel - d.achat else d.previsionnel - d.achat_previsionnel end')}),
             sum(${signedCents('case when d.reel > 0 then d.reel - d.achat - d.previsionnel else 0 end')}),
             sum(${signedCents('case when d.reel > 0 then d.previsionnel else 0 end')}),
             sum(case when k = d.month_index then ${SIGNED_ACTUAL} else 0 end)
        from d join generate_series(0, 11) k on k >= d.month_index
       group by d.year, d.pole_id, k
      on conflict (year, pole_id, month) do update set
        ${[...pole, 'actuals'].map((c) => `${c} = a.${c} + excluded.${c}`).join(', ')}
    )
    insert into dashboard_client_months as a (year, client_id, month, ${client.join(', ')})
    select d.year, p.client_id, d.month_index,
           sum(${signedCents('d.previsionnel')}), sum(${signedCents('d.reel')}), sum(${signedCents('d.achat')}),
           sum(${SIGNED_ACTUAL})
      from d join expertise_poles p on p.id = d.pole_id
     group by d.year, p.client_id, d.month_index
    on conflict (year, client_id, month) do update set
      ${client.map((c) => `${c} = a.${c} + excluded.${c}`).join(', ')}`;
}

/**
 * Moves a pole's monthly figures between clients' month sums (`sign` −1: out of `client`, +1:
 * into it), read from its cumulated sums (month k minus month k − 1).
 */
function movePoleMonths(pole: string, client: string, sign: 1 | -1): string {
  const monthly = (c: string) => `${sign} * (a.${c} - coalesce(lag(a.${c}) over (order by a.month), 0))`;
  return /* sql */ `
    insert into dashboard_client_months as c (year, client_id, month, previsionnel, reel, achat, actuals)
    select a.year, ${client}, a.month, ${monthly('previsionnel')}, ${monthly('reel')}, ${monthly('achat')}, ${sign} * a.actuals
      from dashboard_pole_months a where a.pole_id = ${pole}.id and a.year = ${pole}.year
    on conflict (year, client_id, month) do update set
      previsionnel = c.previsionnel + excluded.previsionnel, reel = c.reel + excluded.reel,
      achat = c.achat + excluded.achat, actuals = c.actuals + excluded.actuals`;
}

/**
 * Rebuilds both maintained tables from the monthly rows: the migration's backfill, and what a
 * bulk load that bypassed the triggers (bench/dashboard.bench.ts) runs after it.
 */
export const REBUILD_DASHBOARD_SUMS = /* sql */ `
  delete from dashboard_pole_months;
  delete from dashboard_client_months;
  ${addMonths(signed('budget_monthly_data', 1))};`;

/** Migration 0006 (ADR 026): the two tables, their backfill and the triggers that keep them exact. */
function dashboardSums(): string {
  const lineMonths = (sign: 1 | -1, pole: string) =>
    `select ${sign} as s, ${pole} as pole_id, m.year, m.month_index, m.previsionnel, m.achat_previsionnel, m.reel, m.achat
       from budget_monthly_data m where m.budget_line_item_id = old.id`;
  return /* sql */ `
    create table dashboard_pole_months (
      year smallint not null,
      pole_id uuid not null,
      month smallint not null check (month between 0 and 11),
      -- Σ over the pole's lines from January to this month, in cents: the row of December is the
      -- year, the row of the cut-off the figures 'à date'.
      previsionnel bigint not null, achat_previsionnel bigint not null, reel bigint not null, achat bigint not null,
      revue bigint not null, ecart_realise bigint not null, prev_realise bigint not null,
      -- Line-months of this very month holding an actual figure (réel or achat ≠ 0).
      actuals integer not null,
      primary key (year, pole_id, month),
      foreign key (pole_id, year) references expertise_poles (id, year) on delete cascade
    );
    create index dashboard_pole_months_month_idx on dashboard_pole_months (year, month);

    create table dashboard_client_months (
      year smallint not null,
      client_id uuid not null references clients(id) on delete cascade,
      month smallint not null check (month between 0 and 11),
      -- Σ over the client's lines of this month, in cents: the monthly evolution.
      previsionnel bigint not null, reel bigint not null, achat bigint not null,
      actuals integer not null,
      primary key (year, client_id, month)
    );
    -- The last month holding an actual figure in a year (the default cut-off), read backwards.
    create index dashboard_client_months_actuals_idx on dashboard_client_months (year, month) where actuals > 0;

    ${addMonths(signed('budget_monthly_data', 1))};

    -- Monthly rows inserted or updated: add the new rows, subtract the old ones.
    create function dashboard_months_changed() returns trigger language plpgsql as $fn$
    begin
      ${addChangedMonths()}
      return null;
    end $fn$;
    create trigger dashboard_months_inserted after insert on budget_monthly_data
      referencing new table as new_rows for each statement execute function dashboard_months_changed();
    create trigger dashboard_months_updated after update on budget_monthly_data
      referencing old table as old_rows new table as new_rows for each statement execute function dashboard_months_changed();

    -- Monthly rows go with their line (a cascade): a direct delete would find no pole to subtract
    -- from once the line is gone, so it is refused rather than left stale.
    create function dashboard_months_direct_delete() returns trigger language plpgsql as $fn$
    begin
      if pg_trigger_depth() <= 1 then
        raise exception 'Les lignes mensuelles se suppriment avec leur ligne budgétaire (ADR 026).';
      end if;
      return null;
    end $fn$;
    create trigger dashboard_months_deleted before delete on budget_monthly_data
      for each statement execute function dashboard_months_direct_delete();
    create function dashboard_months_truncated() returns trigger language plpgsql as $fn$
    begin
      delete from dashboard_pole_months;
      delete from dashboard_client_months;
      return null;
    end $fn$;
    create trigger dashboard_months_truncated after truncate on budget_monthly_data
      for each statement execute function dashboard_months_truncated();

    -- A line deleted while its pole stays: its months (locked first, so a concurrent save ends
    -- before they are read) leave the sums. When the pole itself goes (a cascade from a pole or a
    -- client), the pole's trigger below has done it.
    create function dashboard_line_deleted() returns trigger language plpgsql as $fn$
    begin
      if exists (select 1 from expertise_poles where id = old.expertise_pole_id) then
        perform 1 from budget_monthly_data where budget_line_item_id = old.id for update;
        ${addMonths(lineMonths(-1, 'old.expertise_pole_id'))};
      end if;
      return old;
    end $fn$;
    create trigger dashboard_line_deleted before delete on budget_line_items
      for each row execute function dashboard_line_deleted();

    -- A line moved to another pole carries its months from one pole's sums to the other's.
    create function dashboard_line_moved() returns trigger language plpgsql as $fn$
    begin
      ${addMonths(`${lineMonths(-1, 'old.expertise_pole_id')} union all ${lineMonths(1, 'new.expertise_pole_id')}`)};
      return null;
    end $fn$;
    create trigger dashboard_line_moved after update of expertise_pole_id on budget_line_items
      for each row when (old.expertise_pole_id is distinct from new.expertise_pole_id)
      execute function dashboard_line_moved();

    -- A pole deleted while its client stays: its months leave the client's (its own sums go by
    -- the foreign key). When the client goes, its month sums go with it: nothing to do.
    create function dashboard_pole_deleted() returns trigger language plpgsql as $fn$
    begin
      if exists (select 1 from clients where id = old.client_id) then
        ${movePoleMonths('old', 'old.client_id', -1)};
      end if;
      return old;
    end $fn$;
    create trigger dashboard_pole_deleted before delete on expertise_poles
      for each row execute function dashboard_pole_deleted();

    -- A pole moved to another client carries its months along.
    create function dashboard_pole_moved() returns trigger language plpgsql as $fn$
    begin
      ${movePoleMonths('old', 'old.client_id', -1)};
      ${movePoleMonths('new', 'new.client_id', 1)};
      return null;
    end $fn$;
    create trigger dashboard_pole_moved after update of client_id on expertise_poles
      for each row when (old.client_id is distinct from new.client_id)
      execute function dashboard_pole_moved();
  `;
}

/** Up to this many rows, a trigger's query on its transition table runs with its kept plan (0010). */
const SMALL_STATEMENT_ROWS = 64;

/**
 * The body of dashboard_months_changed (0006, 0010): the inserted rows added to the sums, or an
 * update's new rows added and old ones subtracted; `run` wraps each statement (EXECUTE in 0010).
 */
function addChangedMonths(run = (sql: string) => sql): string {
  return `if tg_op = 'INSERT' then
        ${run(addMonths(signed('new_rows', 1)))};
      else
        ${run(addMonths(`${signed('new_rows', 1)} union all ${signed('old_rows', -1)}`))};
      end if;`;
}

/** The year of a client touched by the statement whose Σ|x| passes one cell's maximum, `into` a variable or not (0009, 0010). */
const clientYearOverBound = (into = '') => /* sql */ `
  with touched as (
    select distinct p.client_id, n.year
      from new_rows n
      join budget_line_items l on l.id = n.budget_line_item_id and l.year = n.year
      join expertise_poles p on p.id = l.expertise_pole_id and p.year = l.year
  )
  select t.year${into}
    from touched t
    join expertise_poles p on p.client_id = t.client_id and p.year = t.year
    join budget_line_items l on l.expertise_pole_id = p.id and l.year = t.year
    join budget_monthly_data m on m.budget_line_item_id = l.id and m.year = t.year
   group by t.client_id, t.year
  having greatest(sum(abs(m.previsionnel)), sum(abs(m.achat_previsionnel)), sum(abs(m.reel)), sum(abs(m.achat)))
         > 999999999999.99
   limit 1`;

export const MIGRATIONS: Migration[] = [
  {
    id: '0001_init',
    sql: /* sql */ `
      create table clients (
        id uuid primary key default gen_random_uuid(),
        name text not null check (length(btrim(name)) > 0),
        prevision_mb_annuelle_debut numeric(14,2) not null default 0,
        -- A cache of the revised forecast, recomputed in every transaction that changes figures.
        prevision_mb_annuelle_revue numeric(14,2) not null default 0,
        created_at timestamptz not null default now()
      );

      create table expertise_poles (
        id uuid primary key default gen_random_uuid(),
        client_id uuid not null references clients(id) on delete cascade,
        name text not null check (length(btrim(name)) > 0),
        is_expanded boolean not null default true,
        facture boolean[] not null default array[false,false,false,false,false,false,false,false,false,false,false,false]
          check (array_ndims(facture) = 1 and cardinality(facture) = 12 and array_position(facture, null) is null
                 and array_lower(facture, 1) = 1),
        created_at timestamptz not null default now(),
        -- Creation order: created_at is the same for every row of one transaction.
        seq bigint generated always as identity
      );
      create index expertise_poles_client_idx on expertise_poles (client_id, seq);

      create table budget_line_items (
        id uuid primary key default gen_random_uuid(),
        expertise_pole_id uuid not null references expertise_poles(id) on delete cascade,
        name text not null check (length(btrim(name)) > 0),
        seq bigint generated always as identity
      );
      create index budget_line_items_pole_idx on budget_line_items (expertise_pole_id, seq);

      create table budget_monthly_data (
        budget_line_item_id uuid not null references budget_line_items(id) on delete cascade,
        month_index smallint not null check (month_index between 0 and 11),
        previsionnel numeric(14,2) not null default 0,
        achat_previsionnel numeric(14,2) not null default 0,
        reel numeric(14,2) not null default 0,
        achat numeric(14,2) not null default 0,
        primary key (budget_line_item_id, month_index)
      );
    `,
  },
  {
    // better-auth 1.7.7's tables (email + password, sessions, TOTP two-factor), as its own
    // migration generator writes them for our options (auth/auth.ts), with our `auth_` prefix and a
    // `disabled` flag. Kept here so both databases get them the one way everything else is created;
    // auth.test.ts asserts better-auth finds nothing missing (ADR 015).
    id: '0002_auth',
    sql: /* sql */ `
      create table "auth_user" ("id" text not null primary key, "name" text not null, "email" text not null unique,
        "emailVerified" boolean not null default false, "image" text,
        "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null,
        "twoFactorEnabled" boolean default false, "disabled" boolean not null default false);

      create table "auth_session" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique,
        "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null,
        "ipAddress" text, "userAgent" text,
        "userId" text not null references "auth_user" ("id") on delete cascade);

      create table "auth_account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null,
        "userId" text not null references "auth_user" ("id") on delete cascade,
        "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz,
        "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text,
        "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null);

      create table "auth_verification" ("id" text not null primary key, "identifier" text not null, "value" text not null,
        "expiresAt" timestamptz not null,
        "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);

      create table "auth_two_factor" ("id" text not null primary key, "secret" text not null, "backupCodes" text not null,
        "userId" text not null references "auth_user" ("id") on delete cascade,
        "verified" boolean, "failedVerificationCount" integer, "lockedUntil" timestamptz);

      create index "auth_session_userId_idx" on "auth_session" ("userId");
      create index "auth_account_userId_idx" on "auth_account" ("userId");
      create index "auth_verification_identifier_idx" on "auth_verification" ("identifier");
      create index "auth_two_factor_secret_idx" on "auth_two_factor" ("secret");
      create index "auth_two_factor_userId_idx" on "auth_two_factor" ("userId");
    `,
  },
  {
    // Budget years (ADR 021): each year holds its own copy of poles and lines. The year sits on
    // poles, lines and monthly rows alike, tied by composite foreign keys, so a line can never sit in
    // another year than its pole, and a year's rows are read without scanning the others. The
    // first release's data becomes the current year's; the client's forecasts move to client_years.
    id: '0003_years',
    sql: ({ currentYear }) => /* sql */ `
      create table client_years (
        client_id uuid not null references clients(id) on delete cascade,
        year smallint not null check (year between 2000 and 2100),
        prevision_mb_annuelle_debut numeric(14,2) not null default 0,
        -- A cache of the year's revised forecast, recomputed in every transaction that changes figures.
        prevision_mb_annuelle_revue numeric(14,2) not null default 0,
        primary key (client_id, year)
      );
      insert into client_years (client_id, year, prevision_mb_annuelle_debut, prevision_mb_annuelle_revue)
        select id, ${currentYear}, prevision_mb_annuelle_debut, prevision_mb_annuelle_revue from clients;
      alter table clients drop column prevision_mb_annuelle_debut, drop column prevision_mb_annuelle_revue;

      alter table expertise_poles add column year smallint;
      update expertise_poles set year = ${currentYear};
      alter table expertise_poles alter column year set not null,
        add constraint expertise_poles_year_check check (year between 2000 and 2100),
        add constraint expertise_poles_id_year_key unique (id, year);
      drop index expertise_poles_client_idx;
      create index expertise_poles_client_idx on expertise_poles (client_id, year, seq);
      create index expertise_poles_year_idx on expertise_poles (year);

      alter table budget_line_items add column year smallint;
      update budget_line_items set year = ${currentYear};
      alter table budget_line_items alter column year set not null,
        drop constraint budget_line_items_expertise_pole_id_fkey,
        add constraint budget_line_items_pole_fkey foreign key (expertise_pole_id, year)
          references expertise_poles (id, year) on delete cascade,
        add constraint budget_line_items_id_year_key unique (id, year);

      alter table budget_monthly_data add column year smallint;
      update budget_monthly_data set year = ${currentYear};
      alter table budget_monthly_data alter column year set not null,
        drop constraint budget_monthly_data_budget_line_item_id_fkey,
        add constraint budget_monthly_data_line_fkey foreign key (budget_line_item_id, year)
          references budget_line_items (id, year) on delete cascade;
      create index budget_monthly_data_year_idx on budget_monthly_data (year);
    `,
  },
  {
    // The change history (ADR 022): one entry per change, written by the repository statement in
    // the change's own transaction; per cell the old and new value; the structural operations as
    // JSON, enough to invert them; the data before a restore as a snapshot. No foreign key to the
    // budget tables: an entry outlives the line or client it names, so undo can bring them back.
    id: '0004_history',
    sql: /* sql */ `
      create table history_entries (
        id bigint generated always as identity primary key,
        at timestamptz not null default now(),
        actor text not null,
        source text not null check (source in
          ('saisie', 'collage', 'import', 'report', 'annulation', 'restauration', 'structure', 'clôture')),
        client_id uuid,
        year smallint,
        -- The entry this one undoes (or redoes); an entry is reverted at most once.
        reverts_id bigint unique references history_entries(id),
        -- null for an entry of cells only: its summary is written from its source and cell count.
        summary text,
        cell_count integer not null default 0,
        ops jsonb not null default '[{"op":"cells"}]'
      );
      create index history_entries_client_idx on history_entries (client_id, year, id desc);
      create index history_entries_actor_idx on history_entries (actor, client_id, year, id);

      create table history_cells (
        entry_id bigint not null references history_entries(id) on delete cascade,
        line_id uuid not null,
        month smallint not null,
        -- 0 previsionnel, 1 achat_previsionnel, 2 reel, 3 achat (MEASURES' order)
        measure smallint not null,
        old numeric(14,2) not null,
        new numeric(14,2) not null,
        -- One cell's history reads this key backwards (newest first).
        primary key (line_id, month, measure, entry_id)
      );
      -- An entry's cells: entry ids grow with insertion, so a block-range index is enough, and cheap
      -- to keep (a second btree doubled the cost of recording a 5,000-cell paste).
      create index history_cells_entry_idx on history_cells using brin (entry_id);

      -- The version 2 backup document of the data a restore replaced, as JSON text (never queried into).
      create table history_snapshots (
        entry_id bigint primary key references history_entries(id) on delete cascade,
        data text not null
      );
    `,
  },
  {
    id: '0005_grid_line_order',
    // Lines move up and down within their pole (issue 13): their creation number becomes their
    // place, which a move swaps — an identity column generated *always* refuses that update.
    sql: /* sql */ `
      alter table budget_line_items alter column seq set generated by default;
    `,
  },
  {
    // The dashboards' maintained sums (ADR 026): per pole the seven sums of its lines cumulated
    // month by month, per client the month's figures, in cents, kept by triggers on the figures
    // themselves, so no write path (today's or a later one) can leave them stale. A year's
    // dashboard then reads 3 rows per pole and 12 per client, whatever the other years hold.
    id: '0006_dash_sums',
    sql: dashboardSums(),
  },
  {
    // Month closing and roles (ADR 032, ADR 033). Closed months are rows of month_locks; the
    // database itself refuses any statement that would change a closed month's figures or invoiced
    // flags (SQLSTATE BMLCK, answered 409 period_locked by lib/errors.ts), so no write path — cells,
    // paste, import, roll forward, undo, line or client deletion, routes added later — can skip
    // it. Statement-level triggers over transition tables: one set-based check per statement, and
    // nothing but an empty-table probe while no month is closed. Only a restore (admin, its own
    // history entry) replaces closed figures: it sets budget.lock_bypass for its transaction.
    // Users get a role and a scope; those created before roles existed become admins.
    id: '0007_ctrl_closing_and_roles',
    sql: /* sql */ `
      create table month_locks (
        year smallint not null check (year between 2000 and 2100),
        month smallint not null check (month between 0 and 11),
        closed_at timestamptz not null default now(),
        closed_by text not null,
        note text,
        primary key (year, month)
      );

      create function period_locked(y smallint, m smallint) returns void language plpgsql as $$
      begin
        -- lib/errors.ts reads the year and month back from the message.
        raise exception 'period_locked %-%', y, m using errcode = 'BMLCK';
      end $$;

      create function period_lock_active() returns boolean language sql stable as $$
        select exists (select 1 from month_locks)
           and coalesce(current_setting('budget.lock_bypass', true), '') <> 'on'
      $$;

      create function guard_figures_update() returns trigger language plpgsql as $$
      declare hit record;
      begin
        if not period_lock_active() then return null; end if;
        select n.year, n.month_index into hit
          from new_rows n
          join old_rows o on o.budget_line_item_id = n.budget_line_item_id and o.month_index = n.month_index
          join month_locks k on k.year = n.year and k.month = n.month_index
         where (n.previsionnel, n.achat_previsionnel, n.reel, n.achat)
               is distinct from (o.previsionnel, o.achat_previsionnel, o.reel, o.achat)
         order by n.year, n.month_index limit 1;
        if found then perform period_locked(hit.year, hit.month_index); end if;
        return null;
      end $$;

      -- A row inserted or deleted in a closed month is refused only when it holds a figure: adding a
      -- line (twelve zeros) stays possible, deleting a line typed in there does not.
      create function guard_figures_rows() returns trigger language plpgsql as $$
      declare hit record;
      begin
        if not period_lock_active() then return null; end if;
        execute format(
          'select r.year, r.month_index from %I r join month_locks k on k.year = r.year and k.month = r.month_index
            where r.previsionnel <> 0 or r.achat_previsionnel <> 0 or r.reel <> 0 or r.achat <> 0
            order by r.year, r.month_index limit 1',
          case tg_op when 'INSERT' then 'new_rows' else 'old_rows' end) into hit;
        if hit.year is not null then perform period_locked(hit.year, hit.month_index); end if;
        return null;
      end $$;

      ${lockTriggers('budget_monthly_data', 'guard_figures_update', 'guard_figures_rows')}

      -- Invoiced flags: a flag of a closed month may not flip, nor arrive or leave set.
      create function guard_facture() returns trigger language plpgsql as $$
      declare hit record;
      begin
        if not period_lock_active() then return null; end if;
        if tg_op = 'UPDATE' then
          select n.year, k.month into hit from new_rows n join old_rows o on o.id = n.id
            join month_locks k on k.year = n.year
           where n.facture[k.month + 1] is distinct from o.facture[k.month + 1]
           order by n.year, k.month limit 1;
        else
          execute format(
            'select r.year, k.month from %I r join month_locks k on k.year = r.year
              where r.facture[k.month + 1] order by r.year, k.month limit 1',
            case tg_op when 'INSERT' then 'new_rows' else 'old_rows' end) into hit;
        end if;
        if hit.year is not null then perform period_locked(hit.year, hit.month); end if;
        return null;
      end $$;

      ${lockTriggers('expertise_poles', 'guard_facture', 'guard_facture')}

      alter table auth_user
        add column role text not null default 'admin' check (role in ('admin', 'editor', 'viewer')),
        add column all_clients boolean not null default true;
      alter table auth_user alter column role set default 'editor';

      -- The clients of a user whose scope is not every client. No foreign key to clients: a
      -- client deleted then brought back by undo, or a restore (which deletes and reinserts every
      -- client with its id), keeps its assignments; the id of a client that is gone grants nothing.
      create table user_clients (
        user_id text not null references auth_user(id) on delete cascade,
        client_id uuid not null,
        primary key (user_id, client_id)
      );
      create index user_clients_client_idx on user_clients (client_id);
    `,
  },
  {
    // Live updates (ADR 034, ADR 035). The tab that made an entry, so its own events are not sent
    // back to it; who has which client open, shared by every instance (UNLOGGED: a crash only loses
    // who is looking, renewed within 30 s); the TOTP codes already used, moved from each process's
    // memory so a code is single-use across instances (ADR 035).
    id: '0008_live',
    sql: /* sql */ `
      alter table history_entries add column origin text;

      create unlogged table presence (
        tab text primary key,
        actor text not null,
        client_id uuid not null,
        year smallint not null check (year between 2000 and 2100),
        seen_at timestamptz not null default now()
      );
      create index presence_client_idx on presence (client_id, year);

      create table auth_used_codes (
        key text primary key,
        until timestamptz not null
      );
    `,
  },
  {
    // A client's year cannot hold more than one cell can (issue 19, ADR 039): for each measure, the
    // sum of the absolute values of its monthly figures stays within 999 999 999 999,99 €. Every
    // total of one client (lines, poles, months, margins, gaps) is then below 2^53 cents, so the
    // integer arithmetic of src/domain/money.ts stays exact on it; what crosses clients is checked
    // there. A statement-level trigger on updates (every edit of a figure: cells, paste, import,
    // undo), like the closing guards: it re-sums only the clients the statement touched (SQLSTATE
    // BMSUM → 400, lib/errors.ts). Inserts (a restore, a roll forward) are not re-summed: on a
    // 100-client restore it cost 7× the restore (284 s against 41 s, loaded machine); what they
    // could bring past the bound is caught by the checked sums.
    id: '0009_client_year_bound',
    sql: /* sql */ `
      create function guard_client_year_bound() returns trigger language plpgsql as $$
      declare hit record;
      begin
        ${clientYearOverBound(' into hit')};
        if found then
          -- lib/errors.ts reads the year back from the message.
          raise exception 'client_year_bound %', hit.year using errcode = 'BMSUM';
        end if;
        return null;
      end $$;
      create trigger budget_monthly_data_bound_update after update on budget_monthly_data
        referencing new table as new_rows for each statement execute function guard_client_year_bound();
    `,
  },
  {
    // The statement triggers on the monthly rows (0006's sums, 0009's bound) read their transition
    // tables. A static query in PL/pgSQL is planned once per database session, for the size of the
    // transition table of its first call, and kept: a server whose first write was a 3,000-cell
    // paste then saved every single cell with the plan of a paste (hash joins over every monthly
    // row of the year: 40 ms a save instead of 2 at 300 clients × 3 years, growing with the data;
    // bench/cells.bench.ts). Now a statement of more than SMALL_STATEMENT_ROWS rows runs the same
    // query through EXECUTE, planned for its own rows; the static query, whose plan is kept, only
    // ever sees small ones (planning each call instead would cost every single save 2–4 ms on PGlite).
    id: '0010_trigger_plans_by_size',
    sql: /* sql */ `
      create or replace function dashboard_months_changed() returns trigger language plpgsql as $fn$
      begin
        if (select count(*) from new_rows) > ${SMALL_STATEMENT_ROWS} then
          ${addChangedMonths((sql) => `execute $q$ ${sql} $q$`)}
        else
          ${addChangedMonths()}
        end if;
        return null;
      end $fn$;

      create or replace function guard_client_year_bound() returns trigger language plpgsql as $$
      declare hit record;
      begin
        if (select count(*) from new_rows) > ${SMALL_STATEMENT_ROWS} then
          execute $q$ ${clientYearOverBound()} $q$ into hit;
        else
          ${clientYearOverBound(' into hit')};
        end if;
        -- EXECUTE does not set FOUND: no row leaves hit's fields null (the static query does the same).
        if hit.year is not null then
          -- lib/errors.ts reads the year back from the message.
          raise exception 'client_year_bound %', hit.year using errcode = 'BMSUM';
        end if;
        return null;
      end $$;
    `,
  },
  {
    // Resuming a live stream (issue 34, B4, ADR 046) reads the entries of one year after an id,
    // those of the reader's clients first filtered in SQL: this index walks one year's entries
    // from the resume point and stops at the replay limit, whatever the other years hold.
    id: '0012_history_year_idx',
    sql: /* sql */ `
      create index history_entries_year_idx on history_entries (year, id);
    `,
  },
];
