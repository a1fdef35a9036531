/** The part of @20minutes/s3rver (a fork of s3rver, no types of its own) the tests use. */
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    /** Koa's middleware list (the app is a Koa application). */
    middleware: ((ctx: { path: string }, next: () => Promise<void>) => Promise<void>)[];
    /** Its filesystem store. */
    store: { putBucket(name: string): Promise<void> };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
