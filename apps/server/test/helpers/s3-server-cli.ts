/**
 * `node --import tsx apps/server/test/helpers/s3-server-cli.ts`: the test S3 server (`startS3Server`)
 * in a process of its own, for benchmarks and multi-process tests. Prints one JSON line, the `S3_*`
 * variables of a new bucket, then serves until SIGTERM or SIGINT. 127.0.0.1 only.
 */
import { startS3Server } from './s3-server';

const s3 = await startS3Server();
const bucket = await s3.createBucket();
console.log(JSON.stringify(s3.env(bucket)));
const stop = () => void s3.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
