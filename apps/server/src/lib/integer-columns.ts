import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { queryColumnInt, type PgIntegerType } from '@mm/shared';

const TYPES: Record<string, PgIntegerType> = {
  PgSmallInt: 'smallint',
  PgSmallSerial: 'smallint',
  PgInteger: 'integer',
  PgSerial: 'integer',
  PgBigInt53: 'bigint',
  PgBigSerial53: 'bigint',
};

/**
 * The PostgreSQL integer type of a Drizzle column (`apps/server/src/db/schema.ts`).
 * @throws Error when the column is not an integer column (a programming error)
 */
export function integerTypeOf(column: PgColumn): PgIntegerType {
  const type = TYPES[column.columnType];
  if (!type) throw new Error(`${column.name} is not an integer column (${column.columnType})`);
  return type;
}

/** `{id}` path parameters of a record whose id is `column`: 1 up to the column type's largest value, else 400. */
export const idParamsFor = (column: PgColumn) => z.object({ id: queryColumnInt(integerTypeOf(column)) });
