// Integer columns and their PostgreSQL ranges, without zod (the web app's first screens read them).

/** Ranges of PostgreSQL's integer types; `bigint` is held to JavaScript's safe integers. */
export const PG_INTEGER_RANGES = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;
export type PgIntegerType = keyof typeof PG_INTEGER_RANGES;

/**
 * The PostgreSQL type of every integer field the API reads, by column name. It is the type the
 * column of that name has in every table of `apps/server/src/db/schema.ts` (a server test checks it).
 */
export const INTEGER_COLUMNS = {
  abundance_id: 'smallint',
  blitz_id: 'integer',
  checklist_id: 'integer',
  country_id: 'smallint',
  lifestage_id: 'smallint',
  locationsize_id: 'smallint',
  milkweed_id: 'integer',
  numbers: 'integer',
  observation_id: 'integer',
  observationstatus_id: 'smallint',
  participants: 'smallint',
  province_id: 'smallint',
  reason_id: 'integer',
  role_id: 'smallint',
  site_id: 'integer',
  stems_inspected: 'integer',
  user_id: 'integer',
} as const satisfies Record<string, PgIntegerType>;
export type IntegerColumn = keyof typeof INTEGER_COLUMNS;

/** Largest id or value of an integer type. */
export const maxOf = (type: PgIntegerType): number => PG_INTEGER_RANGES[type].max;

/** The PostgreSQL integer type of a column (or the type given directly). */
export const integerTypeOf = (column: IntegerColumn | PgIntegerType): PgIntegerType =>
  column in PG_INTEGER_RANGES ? (column as PgIntegerType) : INTEGER_COLUMNS[column as IntegerColumn];
