// The name of the database lock that serialises imports across the CLI and the server.
export const IMPORT_LOCK = 'import';
