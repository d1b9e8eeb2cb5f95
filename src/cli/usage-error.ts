// A command used the wrong way (a missing file, a missing option): main prints the message alone and
// exits 2, the usual code for a usage error, so scripts can tell it from a document that failed (1).
export class UsageError extends Error {}
