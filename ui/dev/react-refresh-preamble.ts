// Development only: what @vitejs/plugin-react expects to find before any component module runs
// (normally an inline script in index.html; ours must not be inline, see content-security-policy.ts).
// @ts-expect-error served by Vite's dev server, not a file
import RefreshRuntime from '/@react-refresh';

RefreshRuntime.injectIntoGlobalHook(window);
const global = window as unknown as Record<string, unknown>;
global.$RefreshReg$ = () => {};
global.$RefreshSig$ = () => (type: unknown) => type;
global.__vite_plugin_react_preamble_installed__ = true;
