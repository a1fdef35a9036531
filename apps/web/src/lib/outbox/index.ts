/**
 * The outbox of Submissions made without network wait in IndexedDB with their
 * idempotency key and photos, and are sent in order, each exactly once, when the network returns.
 */
export * from './outbox-db';
export * from './outbox';
export * from './sync';
