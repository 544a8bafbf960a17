// The long database jobs that run in a process of their own, by name. A process cannot receive a
// function, so the parent names the job and passes plain parameters; this table is the whole
// list of what a worker will run (nothing is loaded from a path given at run time).
import type { DatabaseAddress } from '../../../db/address.ts';
import type { Store } from '../../../db/store/store.ts';
import { type DeleteAllResult, deleteAllBusinesses } from '../delete-all.ts';
import { generateSeo } from '../seo/generate-seo.ts';
import { recordSeoGeneration } from '../seo/record-seo.ts';
import { writeCompressedSitemaps } from '../sitemap-cache/write-compressed-sitemaps.ts';
import type { JobProgress } from './job-types.ts';

export interface JobDefinitions {
  'generate-seo': {
    params: { siteUrl: string; actor: string; batchSize?: number };
    result: { updated: number };
  };
  'delete-all': {
    params: { actor: string; backupDir?: string };
    result: DeleteAllResult;
  };
  'write-sitemaps': {
    params: { siteUrl: string; dir: string; businessesPerSitemap?: number };
    result: { files: string[] };
  };
}

export type JobName = keyof JobDefinitions;
export type JobParams<N extends JobName> = JobDefinitions[N]['params'];
export type JobResult<N extends JobName> = JobDefinitions[N]['result'];

/** What a job works on: its own connection's store, and where that database is (PostgreSQL's
 *  delete-all copies the site from it for its backup). */
export interface JobDatabase {
  store: Store;
  address: DatabaseAddress;
}

export type JobRunner<N extends JobName> = (
  database: JobDatabase,
  params: JobParams<N>,
  reportProgress: (progress: JobProgress) => void,
) => JobResult<N> | Promise<JobResult<N>>;

export const JOB_RUNNERS: { [N in JobName]: JobRunner<N> } = {
  'generate-seo': async ({ store }, { siteUrl, actor, batchSize }, reportProgress) => {
    const result = await generateSeo(store, {
      siteUrl,
      batchSize,
      onProgress: (done, total) => reportProgress({ phase: 'generating', done, total }),
    });
    // Logged here rather than by the caller: this connection may wait for an import's merge
    // without holding up the server's event loop.
    await recordSeoGeneration(store, actor, result.updated);
    return result;
  },
  'delete-all': ({ store, address }, { actor, backupDir }, reportProgress) => {
    reportProgress({ phase: 'deleting', done: 0, total: null });
    return deleteAllBusinesses(store, { actor, backupDir, address });
  },
  'write-sitemaps': ({ store }, { siteUrl, dir, businessesPerSitemap }, reportProgress) => {
    reportProgress({ phase: 'writing', done: 0, total: null });
    return writeCompressedSitemaps(store, { siteUrl, businessesPerSitemap }, dir);
  },
};

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_RUNNERS, name);
}
