// The file piscina loads in each worker thread. Piscina loads a task file with require() first, and
// on Node 20.19+ require() of an ES module can abort the whole process (V8 "IsGraphAsync must be
// used on an instantiated module") when it meets a module an import() is still linking: CI died of
// it twice. This entry is CommonJS, so require() never reaches the ES module loader; the worker's
// real module is loaded by import() alone, once, and every task waits for that one load.
import type * as Worker from './extraction.worker.js';

// Started with the thread, as piscina's own preload would, so the first document does not wait for it.
const worker: Promise<typeof Worker> = import('./extraction.worker.js');
// A load that fails is reported by the tasks that await it, not as an unhandled rejection.
worker.catch(() => undefined);

export default async function runExtraction(...args: Parameters<typeof Worker.default>): ReturnType<typeof Worker.default> {
  return (await worker).default(...args);
}

export async function renderPage(...args: Parameters<typeof Worker.renderPage>): ReturnType<typeof Worker.renderPage> {
  return (await worker).renderPage(...args);
}

export async function readWords(...args: Parameters<typeof Worker.readWords>): ReturnType<typeof Worker.readWords> {
  return (await worker).readWords(...args);
}
