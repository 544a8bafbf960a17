// The lines bench/lib/render-loop.ts prints around its measured renders.
export const MARK_START = 'render-loop: measuring';
export const MARK_END = 'render-loop: done';
