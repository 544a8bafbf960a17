// What every admin data route is built from.
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { ServerDatabase } from '../../domain/server-database.ts';
import type { JobSlots } from './job-slots.ts';

export interface AdminDataDeps {
  database: ServerDatabase;
  config: Config;
  logger: Logger;
  /** What this process is running (a new, empty view unless given; tests give theirs to stage a job). */
  slots?: JobSlots;
}

export interface AdminDataContext extends AdminDataDeps {
  slots: JobSlots;
}

/** How the admin is named in run records and the activity log. */
export function actorOf(username: string): string {
  return `admin:${username}`;
}
