// Table types of the admin area (migration 2026-11-22T0100-admin-auth). Kept apart from schema.ts;
// intersect with Database (`Kysely<Database & AdminDatabase>`) where Kysely is wanted.
import type { Generated } from 'kysely';

export type AdminCredentialsOrigin = 'cli' | 'generated';

export interface AdminCredentialsTable {
  /** Always 1: there is one administrator. */
  id: number;
  username: string;
  /** scrypt$N$r$p$salt$hash */
  password_hash: string;
  /** 'cli': set by `directory admin set-password`; 'generated': made by a development start. */
  origin: AdminCredentialsOrigin;
  /** ISO-8601 UTC. */
  updated_at: string;
}

export interface AdminSessionGenerationTable {
  username: string;
  /** Sessions carrying another number are dead; bumped on logout and password change. */
  generation: number;
  updated_at: string;
}

export interface AdminLoginFailureTable {
  id: Generated<number>;
  /** Normalised username tried (see server/domain/rate-limit/throttle-keys.ts). */
  account_key: string;
  /** Client address, IPv6 reduced to its /64. */
  ip_key: string;
  /** Unix time in milliseconds, for window arithmetic. */
  attempted_at: number;
}

export interface AdminDatabase {
  admin_credentials: AdminCredentialsTable;
  admin_session_generations: AdminSessionGenerationTable;
  admin_login_failures: AdminLoginFailureTable;
}
