// The bundle's builder, run in its own process by child-script.ts so that esbuild's service never
// lives in the server: plain JavaScript so that Node can start it, it registers the TypeScript
// loader and runs the build.
import '../../../register-typescript.mjs';

await import('./build-bundle-main.ts');
