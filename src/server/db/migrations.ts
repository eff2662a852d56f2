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
];
