// §5: only .xlsx and .xls files are imported; anything else is refused before a byte is uploaded.

export const ACCEPT_ATTRIBUTE =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

export function isSpreadsheetName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name.trim());
}

export function splitByType<T extends { name: string }>(
  files: readonly T[],
): { accepted: T[]; rejected: T[] } {
  const accepted: T[] = [];
  const rejected: T[] = [];
  for (const file of files) (isSpreadsheetName(file.name) ? accepted : rejected).push(file);
  return { accepted, rejected };
}
