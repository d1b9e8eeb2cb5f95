// All repositories over one connection or one transaction. `transaction` hands the callback a Store
// whose repositories share that transaction, so a use case commits all of its writes or none.
import type { Db } from './database.js';
import type { DialectProfile } from './dialect.js';
import { ApiKeysRepository } from './repositories/api-keys.repository.js';
import { BusinessesRepository } from './repositories/businesses.repository.js';
import { CallbacksRepository } from './repositories/callbacks.repository.js';
import { CorrectionsRepository } from './repositories/corrections.repository.js';
import { DeliveriesRepository } from './repositories/deliveries.repository.js';
import { DocumentsRepository } from './repositories/documents.repository.js';
import { EmailRepository } from './repositories/email.repository.js';
import { DuplicatesRepository } from './repositories/duplicates.repository.js';
import { JobsRepository } from './repositories/jobs.repository.js';
import { LearnedModelsRepository } from './repositories/learned-models.repository.js';
import { InstallationSettingsRepository } from './repositories/installation-settings.repository.js';
import { OwnersRepository } from './repositories/owners.repository.js';
import { RateWindowsRepository } from './repositories/rate-windows.repository.js';
import { UsageRepository } from './repositories/usage.repository.js';
import { VendorsRepository } from './repositories/vendors.repository.js';
import type { WakeUps } from './wake-ups.js';

export class Store {
  readonly businesses: BusinessesRepository;
  readonly apiKeys: ApiKeysRepository;
  readonly documents: DocumentsRepository;
  readonly duplicates: DuplicatesRepository;
  readonly jobs: JobsRepository;
  readonly usage: UsageRepository;
  readonly rateWindows: RateWindowsRepository;
  readonly callbacks: CallbacksRepository;
  readonly deliveries: DeliveriesRepository;
  readonly email: EmailRepository;
  readonly owners: OwnersRepository;
  readonly corrections: CorrectionsRepository;
  readonly learnedModels: LearnedModelsRepository;
  readonly installationSettings: InstallationSettingsRepository;
  readonly vendors: VendorsRepository;

  constructor(
    readonly db: Db,
    readonly profile: DialectProfile,
    /** Queued work wakes the workers (of every process, on PostgreSQL). */
    readonly wakeUps: WakeUps,
  ) {
    this.businesses = new BusinessesRepository(db);
    this.apiKeys = new ApiKeysRepository(db);
    this.documents = new DocumentsRepository(db, profile);
    this.duplicates = new DuplicatesRepository(db, profile);
    this.jobs = new JobsRepository(db, profile, wakeUps);
    this.usage = new UsageRepository(db);
    this.rateWindows = new RateWindowsRepository(db);
    this.callbacks = new CallbacksRepository(db);
    this.deliveries = new DeliveriesRepository(db, profile, wakeUps);
    this.email = new EmailRepository(db);
    this.owners = new OwnersRepository(db);
    this.corrections = new CorrectionsRepository(db);
    this.learnedModels = new LearnedModelsRepository(db);
    this.installationSettings = new InstallationSettingsRepository(db);
    this.vendors = new VendorsRepository(db, profile);
  }

  transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new Store(trx, this.profile, this.wakeUps)));
  }
}
