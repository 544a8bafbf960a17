// Test support: what V8 says, with --trace-gc-verbose, each time it sets the old generation's next
// limit — "[HeapController] Limit: old size: 17329 KB, new limit: 68097 KB (3.0)" — read back as the
// growing factors it used ("3.0"), in order. How the tests see the heap growth (decision 0019) take effect.
export function heapLimitFactors(traceOutput: string): string[] {
  return [...traceOutput.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)$/gm)].map((m) => m[1]!);
}
