// Test support: a parent process that starts an SEO job on the database given and prints the job's
// process id and each progress step, so that a test can kill this parent mid-job. The database is a
// SQLite file's path or a postgres:// URL.
import { parseDatabaseAddress } from '../../../../db/address.ts';
import { runDatabaseJob } from '../run-database-job.ts';

const [dbPath] = process.argv.slice(2);
await runDatabaseJob(
  parseDatabaseAddress(dbPath!),
  'generate-seo',
  { siteUrl: 'https://example.test', actor: 'cli', batchSize: 20 },
  {
    onStart: (pid) => process.stdout.write(`job ${pid}\n`),
    onProgress: (progress) => process.stdout.write(`progress ${progress.done}\n`),
  },
);
