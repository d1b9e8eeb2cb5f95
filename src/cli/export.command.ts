// `ledgerlens export --business ID [--sheet documents|line_items] [--format csv|xlsx] [--from DATE]
// [--to DATE] [--state all|needs_review|approved] [--out FILE]`: the dashboard's export (src/export)
// from the command line, to FILE or stdout. The options are checked by the schema of the dashboard's
// export query, so both accept the same.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Compile } from 'typebox/compile';
import type { Config } from '../config/config.js';
import { exportDocuments, exportRequest } from '../export/export-documents.js';
import { ExportQuery } from '../schemas/dashboard.schema.js';
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
      out: { type: 'string' },
    },
  });
  const { business, out, ...options } = values;
  if (!business) throw new UsageError('export needs --business ID (ledgerlens businesses list)');
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  if (!query.Check(given)) {
    const error = query.Errors(given)[0];
    throw new UsageError(`--${error?.instancePath.slice(1) || 'options'}: ${error?.message ?? 'not valid'}`);
  }
  return withServices(config, async (services) => {
    if (!(await services.keys.getBusiness(business))) throw new UsageError(`no business ${business}`);
    const file = await exportDocuments(services.store, business, exportRequest(given as ExportQuery));
    if (out) {
      await writeFile(out, file.bytes);
      console.error(`${file.filename}: written to ${out}`);
    } else process.stdout.write(file.bytes);
    return 0;
  });
}
