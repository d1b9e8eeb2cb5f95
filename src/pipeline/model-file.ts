// The learned models' files (models/*.json, written by `npm run train`): the committed one, or another
// an environment variable names (the blind folds score each fold with its own), or "none".
import { readFileSync } from 'node:fs';

export function readModelFile<T>(variable: string, committed: URL, what: string): T | null {
  const setting = process.env[variable];
  if (setting === 'none') return null;
  const path = setting ?? committed;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    // No committed file is an engine without that model; a broken or missing named one is a deployment error.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && path === committed) return null;
    throw new Error(`${what} ${String(path)} cannot be read: ${(error as Error).message}`);
  }
}
