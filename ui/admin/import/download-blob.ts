// Saves bytes the page holds (an export, the problem rows) as a file with the given name.

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task; the memory goes back soon after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
