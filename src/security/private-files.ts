// The data folder holds every stored document (the SQLite file) and the key to the callback
// secrets: only the service's own user may read it. Modes are given at creation rather than left to
// the umask, which on most systems makes files world-readable.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) 0700. An existing folder is the operator's and is left as it is. */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Creates the file empty and 0600 when it does not exist, and takes group and other access away from
 * one an earlier version created wider (the service's own files; nobody else has a reason to read them).
 */
export function ensurePrivateFile(path: string): void {
  if (!existsSync(path)) {
    try {
      closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  tightenFile(path);
}

/** Removes group and other access from a file of ours, if it exists. */
export function tightenFile(path: string): void {
  if (!existsSync(path)) return;
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077) chmodSync(path, mode & 0o700);
}
