// `ledgerlens export [--business ID] [--format csv|xlsx|xero|quickbooks|datev|ubl] [--sheet …]
// [--from DATE] [--to DATE] [--state …] [--datev-consultant N --datev-client N] [--out FILE|DIR]`:
// the dashboard's export (src/export) from the command line, to FILE or stdout. With --format ubl,
// --out is a folder that gets one XML per approved document; a document that cannot be an
// e-invoice is named on stderr with what it lacks, and the exit code is 1. The options are checked
// by the schema of the dashboard's export query, so both accept the same.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Compile } from 'typebox/compile';
import type { Config } from '../config/config.js';
import { exportDocuments, exportRequest, refusalText, ublInvoices } from '../export/export-documents.js';
import { selectDocuments } from '../export/select-documents.js';
import { ExportQuery } from '../schemas/dashboard.schema.js';
import { chosenBusiness } from './business-option.js';
import { UsageError } from './usage-error.js';
import { withServices } from './with-services.js';

const query = Compile(ExportQuery);

export async function runExport(config: Config, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      business: { type: 'string' },
      sheet: { type: 'string' },
      format: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      state: { type: 'string' },
      'datev-consultant': { type: 'string' },
      'datev-client': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const { business, out, 'datev-consultant': datevConsultant, 'datev-client': datevClient, ...options } = values;
  const given = Object.fromEntries(Object.entries({ ...options, datev_consultant: datevConsultant, datev_client: datevClient }).filter(([, v]) => v !== undefined));
  if (!query.Check(given)) {
    const error = query.Errors(given)[0];
    throw new UsageError(`--${error?.instancePath.slice(1).replace('_', '-') || 'options'}: ${error?.message ?? 'not valid'}`);
  }
  const request = exportRequest(given as ExportQuery);
  if (request.format === 'ubl' && !out) throw new UsageError('--format ubl writes one file per document: give --out DIR');
  return withServices(config, async (services) => {
    const businessId = await chosenBusiness(services, business);
    if (request.format === 'ubl') {
      const { invoices, refused } = ublInvoices(await selectDocuments(services.store, businessId, request));
      await mkdir(out!, { recursive: true });
      for (const invoice of invoices) await writeFile(join(out!, invoice.filename), invoice.xml);
      for (const refusal of refused) console.error(`refused: ${refusalText(refusal)}`);
      console.error(`${invoices.length} e-invoice(s) written to ${out}${refused.length ? `, ${refused.length} refused` : ''}`);
      return refused.length ? 1 : 0;
    }
    const file = await exportDocuments(services.store, businessId, request);
    if (out) {
      await writeFile(out, file.bytes);
      console.error(`${file.filename}: written to ${out}`);
    } else process.stdout.write(file.bytes);
    return 0;
  });
}
