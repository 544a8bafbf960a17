// Registers the TypeScript loader (tsx) for this process or thread, with the project's tsconfig.json
// named by its path: tsx otherwise looks for one from the working directory, and a server started
// from anywhere else (`directory serve` from /srv, a service file's WorkingDirectory) compiled JSX for
// the classic runtime — every page a 500, "React is not defined". Imported first by each plain
// JavaScript entry (the CLI, the job worker, the import's process, the bundle's builder).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
