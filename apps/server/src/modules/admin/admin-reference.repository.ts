import { sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '@mm/shared';
import type { DbOrTx } from '../../db/client';
import { abundances, locationsizes, milkweedSpecies, reasons } from '../../db/schema';
import type { ListPage } from './admin-list';
import { allOf, inIds, listPage } from './admin-list.queries';

/**
 * A reference table the panel edits. Its rows are never deleted: retiring (`isdeleted`) hides a
 * row from the forms and from `loadparams` while existing observations keep pointing at it.
 */
interface ReferenceTable {
  resource: string;
  table: SQL;
  idColumn: SQL;
  /** Columns the panel writes, in input order. */
  columns: readonly string[];
  /** Text columns searched by `filter.q`. */
  searchable: readonly string[];
  /** A unique column whose duplicate is reported on that field. */
  unique?: string;
}

/** A table whose rows are a name in English, French and Spanish (`name`, `name_fr`, `name_es`) keyed by `id`. */
const namedInThreeLanguages = <R extends string>(resource: R) =>
  ({
    resource,
    table: sql`${sql.identifier(resource)}`,
    idColumn: sql`id`,
    columns: ['name', 'name_fr', 'name_es'],
    searchable: ['name', 'name_fr', 'name_es'],
  }) as const;

export const REFERENCE_TABLES = {
  milkweeds: {
    resource: 'milkweeds',
    table: sql`milkweed_species`,
    idColumn: sql`milkweed_id`,
    columns: ['latin_name', 'english_name', 'french_name', 'spanish_name'],
    searchable: ['latin_name', 'english_name', 'french_name', 'spanish_name'],
    unique: 'latin_name',
  },
  reasons: namedInThreeLanguages('reasons'),
  abundances: namedInThreeLanguages('abundances'),
  locationsizes: namedInThreeLanguages('locationsizes'),
} as const satisfies Record<string, ReferenceTable>;
export type ReferenceResource = keyof typeof REFERENCE_TABLES;

/** Id columns of the reference tables: their `{id}` is bounded by each column's own type (abundances are smallint). */
export const REFERENCE_ID_COLUMNS = {
  milkweeds: milkweedSpecies.milkweed_id,
  reasons: reasons.id,
  abundances: abundances.id,
  locationsizes: locationsizes.id,
} satisfies Record<ReferenceResource, unknown>;

/** A reference row as the panel shows it: `id`, the table's columns and `isdeleted`. */
export type ReferenceRow = Record<string, unknown>;

const select = (t: ReferenceTable) => sql`${t.idColumn} AS id, ${sql.raw(t.columns.join(', '))}, isdeleted`;

/** Filters of a reference list, already checked by the service. */
export interface ReferenceFilter {
  ids?: number[];
  /** ILIKE pattern on the table's searchable columns. */
  q?: string;
  isdeleted?: boolean;
}

/** Queries of the panel's reference-data screens (milkweed species, download reasons, abundances, location sizes). */
export const adminReferenceRepository = {
  /** A page of rows. @throws 400 on `sort` when the field is not sortable */
  list<T>(
    db: DbOrTx,
    resource: ReferenceResource,
    filter: ReferenceFilter,
    query: AdminListQuery,
  ): Promise<ListPage<T>> {
    const t: ReferenceTable = REFERENCE_TABLES[resource];
    const where: SQL[] = [];
    if (filter.ids) where.push(inIds(t.idColumn, filter.ids));
    const q = filter.q;
    if (q)
      where.push(
        sql`(${sql.join(
          t.searchable.map((c) => sql`${sql.raw(c)} ILIKE ${q}`),
          sql` OR `,
        )})`,
      );
    if (filter.isdeleted !== undefined) where.push(sql`isdeleted = ${filter.isdeleted}`);
    const sortable: Record<string, SQL> = {
      id: t.idColumn,
      isdeleted: sql`isdeleted`,
      ...Object.fromEntries(t.columns.map((c) => [c, sql`lower(${sql.raw(c)})`])),
    };
    return listPage<T>(
      db,
      { select: select(t), from: sql`FROM ${t.table}`, where: allOf(where), sortable, tieBreaker: t.idColumn },
      query,
    );
  },

  /** One row, retired or not. */
  async findOne(db: DbOrTx, resource: ReferenceResource, id: number): Promise<ReferenceRow | undefined> {
    const t: ReferenceTable = REFERENCE_TABLES[resource];
    const res = await db.execute(sql`SELECT ${select(t)} FROM ${t.table} WHERE ${t.idColumn} = ${id}`);
    return res.rows[0];
  },

  /**
   * Inserts a row with the next free id (seeded ids are fixed, so ids are chosen here); the table
   * lock serialises concurrent creations until the transaction ends. Returns the new id.
   */
  async insert(tx: DbOrTx, resource: ReferenceResource, input: Record<string, unknown>): Promise<number> {
    const t: ReferenceTable = REFERENCE_TABLES[resource];
    const values = t.columns.map((c) => sql`${input[c]}`);
    await tx.execute(sql`LOCK TABLE ${t.table} IN SHARE ROW EXCLUSIVE MODE`);
    const res = await tx.execute<{ id: number }>(
      sql`INSERT INTO ${t.table} (${t.idColumn}, ${sql.raw(t.columns.join(', '))}, isdeleted)
          SELECT coalesce(max(${t.idColumn}), 0) + 1, ${sql.join(values, sql`, `)}, ${input.isdeleted ?? false} FROM ${t.table}
          RETURNING ${t.idColumn} AS id`,
    );
    return (res.rows[0] as { id: number }).id;
  },

  /** Writes the columns of `input` that are set (names, `isdeleted`); nothing when none is. */
  async update(tx: DbOrTx, resource: ReferenceResource, id: number, input: Record<string, unknown>): Promise<void> {
    const t: ReferenceTable = REFERENCE_TABLES[resource];
    const sets = [...t.columns, 'isdeleted']
      .filter((c) => input[c] !== undefined)
      .map((c) => sql`${sql.raw(c)} = ${input[c]}`);
    if (sets.length)
      await tx.execute(sql`UPDATE ${t.table} SET ${sql.join(sets, sql`, `)} WHERE ${t.idColumn} = ${id}`);
  },
};
