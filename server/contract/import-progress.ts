// The steps of an import's merge, in order, as the server reports them and the admin panel shows
// them: find which rows already exist, write the rows, index them for search, recount, commit, and
// move the committed pages from the WAL into the database file.
export type MergeStep =
  | 'matching'
  | 'writing'
  | 'indexing'
  | 'counting'
  | 'committing'
  | 'compacting'
  | 'checkpointing';
