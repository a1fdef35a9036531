import { JSON_MAX_DEPTH, JSON_MAX_VALUES } from '../constants/index';

/**
 * Validation messages of spec §5 as translation keys of the `validation` namespace.
 * Schemas carry the key as their message; server and web translate it with the field's label.
 */
export const V = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  emailInvalid: 'validation.email_invalid',
  passwordLength: 'validation.password_length',
  passwordMatch: 'validation.password_match',
  endBeforeStart: 'validation.end_before_start',
  endDateBeforeStart: 'validation.end_date_before_start',
  number: 'validation.number',
  numberPositive: 'validation.number_positive',
  numberMin: 'validation.number_min',
  wholeNumber: 'validation.whole_number',
  location: 'validation.location',
  monarchRequired: 'validation.monarch_required',
  milkweedRequired: 'validation.milkweed_required',
  stemsRequired: 'validation.stems_required',
  maxChars: 'validation.max_chars',
  minChars: 'validation.min_chars',
  fileType: 'validation.file_type',
  fileSize: 'validation.file_size',
  specialChars: 'validation.special_chars',
  latitude: 'validation.latitude',
  longitude: 'validation.longitude',
  dateFuture: 'validation.date_future',
  unknownReference: 'validation.unknown_reference',
  usernameTaken: 'validation.username_taken',
  emailTaken: 'validation.email_taken',
  photoWithoutCount: 'validation.photo_without_count',
  alreadyExists: 'validation.already_exists',
  controlChars: 'validation.control_chars',
  jsonTooDeep: 'validation.json_too_deep',
  jsonTooManyValues: 'validation.json_too_many_values',
  commonPassword: 'validation.common_password',
} as const;

/**
 * The subset of a zod issue that translation needs (kept structural so web and server share it): a
 * parsed issue, or the raw issue a zod error map receives (no message yet, path not always set).
 */
export interface IssueLike {
  code: string;
  path?: PropertyKey[];
  message?: string;
  /** `invalid_type`: the type the schema expected (`number`, `string` …). */
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  origin?: string;
  format?: string;
}

/** A translation key plus its interpolation values. */
export interface MessageDescriptor {
  key: string;
  values: Record<string, string | number>;
}

/**
 * Turns a zod issue into a `validation` translation key and the limits it interpolates: the schema's
 * own key when its check set one, otherwise the spec §5 message for the issue's code (`too_big` on a
 * string is `max_chars` with `max`, `too_small` is `min_chars` or `number_min` with `min` …). The server
 * translates its 400s with it; the web forms' zod error map (`formErrorMap`) is made of it.
 */
export function describeIssue(issue: IssueLike): MessageDescriptor {
  const values: Record<string, string | number> = {};
  if (issue.minimum !== undefined) values.min = Number(issue.minimum);
  if (issue.maximum !== undefined) values.max = Number(issue.maximum);
  // The JSON limits' issues may come from a zod transform, which cannot set `maximum`.
  if (issue.message === V.jsonTooDeep) values.max = JSON_MAX_DEPTH;
  if (issue.message === V.jsonTooManyValues) values.max = JSON_MAX_VALUES;
  if (issue.message?.startsWith('validation.')) return { key: issue.message, values };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return { key: V.required, values };
      return { key: issue.expected === 'number' || issue.expected === 'int' ? V.number : V.invalid, values };
    case 'too_small':
      return { key: issue.origin === 'string' ? V.minChars : V.numberMin, values };
    case 'too_big':
      return { key: issue.origin === 'string' ? V.maxChars : V.invalid, values };
    case 'invalid_format':
      return { key: issue.format === 'email' ? V.emailInvalid : V.invalid, values };
    default:
      return { key: V.invalid, values };
  }
}

/** The form field an issue belongs to: the last string segment of its path, or `_form`. */
export function issueField(issue: Pick<IssueLike, 'path'>): string {
  const named = (issue.path ?? []).filter((p): p is string => typeof p === 'string');
  return named.length > 0 ? named.join('.') : '_form';
}

/** i18next key for a message key: `validation.required` lives in the `validation` namespace as `required`. */
export function i18nKey(key: string): string {
  return key.startsWith('validation.') ? `validation:${key.slice('validation.'.length)}` : key;
}

/** The part of an i18next `t` that {@link fieldMessageValues} needs (server and web pass their own `t`). */
export type FieldTranslate = (key: string, options: { defaultValue: string }) => string;

/** The interpolation values and i18next `context` that put one field into a `validation` message. */
export interface FieldMessageValues {
  /** The field inside a sentence: its label in English ("Locality"), with its article elsewhere ("le lieu"). */
  field: string;
  /** `field` with a capital, to begin a sentence ("Le lieu est obligatoire."). */
  Field: string;
  /** Grammatical gender and number where the language needs them: `f`, `pl`, `f_pl` (i18next picks `required_f` …). */
  context?: string;
}

/**
 * How a `validation` message names a field (spec §5 "{field} is required."), per language: `validation:field_terms`
 * holds the field as said inside a sentence, with its article, and `validation:field_genders` its gender and number
 * when not masculine singular (French and Spanish, see docs/glossary.md); a language without them (English) uses
 * the field's label, `common:fields`. A field with no label at all is named by its key.
 * @param t a translator fixed to the message's language
 * @param field the field's key, e.g. `locality` (the last segment of a nested path)
 */
export function fieldMessageValues(t: FieldTranslate, field: string): FieldMessageValues {
  const label = t(`common:fields.${field}`, { defaultValue: field });
  const term = t(`validation:field_terms.${field}`, { defaultValue: label });
  const context = t(`validation:field_genders.${field}`, { defaultValue: '' });
  return {
    field: term,
    Field: term.charAt(0).toLocaleUpperCase() + term.slice(1),
    ...(context ? { context } : {}),
  };
}
