// `ledgerlens train --with-corrections`: adapts the learned field choice to this installation's
// approved documents (src/learning) and prints the blind-fold score before and after. The shipped
// model itself is fitted from the labelled corpus by `npm run train` in a development checkout.
import { parseArgs } from 'node:util';
import type { Config } from '../config/config.js';
import { ingestLimits } from '../ingest/limits.js';
import { NotEnoughApproved, trainWithCorrections } from '../learning/train-with-corrections.js';
import type { Tally } from '../learning/adapt-choice.js';
import { shippedModelFile } from '../pipeline/fields/choice/model.js';
import { closeOcr } from '../pipeline/ocr/index.js';
import { UsageError } from './usage-error.js';
import { withServices } from './with-services.js';

export async function runTrain(config: Config, argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { 'with-corrections': { type: 'boolean', default: false } } });
  if (!values['with-corrections']) {
    throw new UsageError('train needs --with-corrections (the shipped model is trained from the corpus by `npm run train` in a development checkout)');
  }
  const shipped = shippedModelFile();
  if (!shipped) throw new UsageError('the learned field choice is off (LEDGERLENS_FIELD_MODEL=none): there is no model to adapt');
  return withServices(config, async (services) => {
    try {
      const report = await trainWithCorrections(services.store, ingestLimits(config), services.clock, shipped, (done, failure) => {
        if (failure) console.error(`train: left out ${failure}`);
        else if (done % 25 === 0) console.error(`train: ${done} approved documents read`);
      });
      console.log(`approved documents: ${report.documents} from ${report.vendors} vendors; blind folds by vendor: ${report.folds}`);
      console.log('| field | labelled | shipped right | shipped wrong | adapted right | adapted wrong |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const [field, t] of Object.entries(report.fields)) {
        if (t.labelled) console.log(`| ${field} | ${t.labelled} | ${t.shipped.right} | ${t.shipped.wrong} | ${t.adapted.right} | ${t.adapted.wrong} |`);
      }
      const labelled = Object.values(report.fields).reduce((n, t) => n + t.labelled, 0);
      console.log(`blind-fold score: before ${share(report.before, labelled)} → after ${share(report.after, labelled)}`);
      console.log(
        report.kept
          ? "kept: this installation's model is stored and used by extraction from the next start of the service and its workers"
          : 'not kept: the adapted model did not pick better on vendors it was not adapted on; extraction uses the shipped model (from the next start)',
      );
      if (report.kept && config.fieldModelFile) {
        console.log(`note: LEDGERLENS_FIELD_MODEL is set (${config.fieldModelFile}); while it is, extraction uses that instead`);
      }
      return 0;
    } catch (error) {
      if (error instanceof NotEnoughApproved) throw new UsageError(error.message);
      throw error;
    } finally {
      await closeOcr();
    }
  });
}

/** Right picks of the labelled values, and how many wrong. */
function share(tally: Tally, labelled: number): string {
  return `${(tally.right / Math.max(1, labelled)).toFixed(3)} right (${tally.right}/${labelled}), ${tally.wrong} wrong`;
}
