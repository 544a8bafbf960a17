// The steps of an import's merge, in order, as the server reports them and the admin panel shows
// them: find which rows already exist, write the rows, index them for search, recount, commit, merge
// the search index's segments (after the commit, decision 0031), and move the committed pages from
// the WAL into the database file. db/import-repository.ts names the same steps (db/ imports nothing
// of server/).
export type MergeStep =
  | 'matching'
  | 'writing'
  | 'indexing'
  | 'counting'
  | 'committing'
  | 'compacting'
  | 'checkpointing';
