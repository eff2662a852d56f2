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

/** The three statement-level triggers of a table guarded by month closing (migration 0008). */
function lockTriggers(table: string, onUpdate: string, onRows: string): string {
  return /* sql */ `
      create trigger ${table}_lock_update after update on ${table}
        referencing old table as old_rows new table as new_rows for each statement execute function ${onUpdate}();
      create trigger ${table}_lock_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function ${onRows}();
      create trigger ${table}_lock_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function ${onRows}();`;
}

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
    // Month closing and roles (ADR 032, ADR 033). Closed months are rows of month_locks; the
    // database itself refuses any statement that would change a closed month's figures or invoiced
    // flags (SQLSTATE BMLCK, answered 409 period_locked by lib/errors.ts), so no write path — cells,
    // paste, import, roll forward, undo, line or client deletion, routes added later — can skip
    // it. Statement-level triggers over transition tables: one set-based check per statement, and
    // nothing but an empty-table probe while no month is closed. Only a restore (admin, its own
    // history entry) replaces closed figures: it sets budget.lock_bypass for its transaction.
    // Users get a role and a scope; those created before roles existed become admins.
    id: '0008_ctrl_closing_and_roles',
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
];
