/**
 * Schema migrations, applied in order at start inside one transaction each. Never edit a shipped
 * migration: add a new one.
 */
export interface Migration {
  id: string;
  sql: string;
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
];
