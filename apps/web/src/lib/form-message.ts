/** Separates a `validation.*` key from its interpolation values inside a form error message. */
const VALUES_MARK = '|';

/**
 * A form error message that carries its interpolation values, e.g. `validation.max_chars|max=200`,
 * so that "Maximum allowed characters are 200" can be shown instead of a bare key.
 */
export function encodeMessage(key: string, values: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${key}${VALUES_MARK}${query}` : key;
}

/** The key and values of a message made by {@link encodeMessage}; plain messages come back as they are. */
export function decodeMessage(message: string): { key: string; values: Record<string, string> } {
  const at = message.indexOf(VALUES_MARK);
  if (at < 0 || !message.startsWith('validation.')) return { key: message, values: {} };
  return { key: message.slice(0, at), values: Object.fromEntries(new URLSearchParams(message.slice(at + 1))) };
}
