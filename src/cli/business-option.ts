// --business of the per-business commands: a business id or its name. Left out, it is the only
// business there is; with several, guessing would act on the wrong books, so it is a usage error.
import type { Services } from '../app/services.js';
import { UsageError } from './usage-error.js';

export async function chosenBusiness(services: Services, given: string | undefined): Promise<string> {
  const businesses = await services.keys.listBusinesses();
  if (given) {
    const found = businesses.find((b) => b.id === given || b.name === given);
    if (!found) throw new UsageError(`no business "${given}" (ledgerlens businesses list)`);
    return found.id;
  }
  if (businesses.length === 1) return businesses[0]!.id;
  if (!businesses.length) throw new UsageError('there is no business yet: ledgerlens keys create --business NAME');
  throw new UsageError(`there are ${businesses.length} businesses: choose one with --business ID or NAME (ledgerlens businesses list)`);
}
