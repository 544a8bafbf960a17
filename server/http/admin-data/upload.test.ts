// The upload helpers: the kept file name, the byte limit from the configuration, and the sweep of
// uploads a killed process left behind.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { cleanUploadName, sweepStaleUploads, uploadLimitBytes } from './upload.ts';

describe('cleanUploadName', () => {
  it('keeps a normal name, including non-Latin text', () => {
    expect(cleanUploadName('Büro Liste 2026.xlsx')).toBe('Büro Liste 2026.xlsx');
    expect(cleanUploadName('商店.xls')).toBe('商店.xls');
  });

  it('drops folders, control and direction-changing characters', () => {
    expect(cleanUploadName('../../etc/passwd.xlsx')).toBe('passwd.xlsx');
    expect(cleanUploadName('C:\\Users\\me\\list.xlsx')).toBe('list.xlsx');
    expect(cleanUploadName('evil\u0000\u0007\u202Exslx.exe')).toBe('evilxslx.exe');
  });

  it('shortens a very long name but keeps its extension', () => {
    const name = cleanUploadName(`${'a'.repeat(5000)}.xlsx`);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});

describe('upload limit', () => {
  it('defaults to 160 MB (an export at the row cap fits, a 200 MB upload does not) and accepts fractions', () => {
    expect(uploadLimitBytes(loadConfig({}))).toBe(160 * 1024 * 1024);
    expect(uploadLimitBytes(loadConfig({}))).toBeLessThan(200_000_000);
    expect(uploadLimitBytes(loadConfig({ IMPORT_MAX_UPLOAD_MB: '0.5' }))).toBe(524_288);
    expect(() => loadConfig({ IMPORT_MAX_UPLOAD_MB: 'lots' })).toThrow(/IMPORT_MAX_UPLOAD_MB/);
    expect(() => loadConfig({ IMPORT_MAX_UPLOAD_MB: '0' })).toThrow(/IMPORT_MAX_UPLOAD_MB/);
  });

  it('stores uploads in the OS temporary folder unless UPLOAD_DIR says otherwise', () => {
    expect(loadConfig({}).UPLOAD_DIR).toBe(tmpdir());
    expect(loadConfig({ UPLOAD_DIR: '/srv/uploads' }).UPLOAD_DIR).toBe('/srv/uploads');
  });
});

describe('sweepStaleUploads', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'upload-sweep-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const hex = 'ab'.repeat(16);
  const touch = (name: string) => writeFileSync(join(dir, name), 'x');

  it('removes uploads of dead processes and our own from before this process, nothing else', () => {
    const deadPid = 2 ** 31 - 2;
    touch(`directory-upload-${deadPid}-${hex}`);
    // Same pid as ours but older than this process: left by an earlier process (a container restart).
    touch(`directory-upload-${process.pid}-${'cd'.repeat(16)}`);
    const old = new Date(Date.now() - process.uptime() * 1000 - 60_000);
    utimesSync(join(dir, `directory-upload-${process.pid}-${'cd'.repeat(16)}`), old, old);
    // Kept: one of ours in progress, one of a live process (pid 1), and files that are not uploads.
    touch(`directory-upload-${process.pid}-${'ef'.repeat(16)}`);
    touch(`directory-upload-1-${hex}`);
    touch('directory-upload-notes.txt');
    touch('something-else');

    expect(sweepStaleUploads(dir)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(
      [
        `directory-upload-${process.pid}-${'ef'.repeat(16)}`,
        `directory-upload-1-${hex}`,
        'directory-upload-notes.txt',
        'something-else',
      ].sort(),
    );
  });

  it('does nothing for a folder that does not exist', () => {
    expect(sweepStaleUploads(join(dir, 'missing'))).toBe(0);
  });
});
