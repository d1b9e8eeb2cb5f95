// `ledgerlens vendors list|show|edit|merge|delete [--business ID]`: a business's vendor directory
// (src/vendors) from the command line, as the dashboard's vendors page edits it. An edit's options are
// checked by the dashboard's schema of the same edit; an empty --vat-id or --registry-code clears it.
import { parseArgs } from 'node:util';
import { Compile } from 'typebox/compile';
import type { Config } from '../config/config.js';
import { VendorEdit } from '../schemas/vendor.schema.js';
import type { Vendor } from '../schemas/vendor.schema.js';
import { chosenBusiness } from './business-option.js';
import { UsageError } from './usage-error.js';
import { withServices } from './with-services.js';

const USAGE = `usage: ledgerlens vendors list [--business ID]
       ledgerlens vendors show VENDOR_ID [--business ID]
       ledgerlens vendors edit VENDOR_ID [--business ID] [--name NAME] [--vat-id ID] [--registry-code CODE] [--iban IBAN]... [--no-ibans]
       ledgerlens vendors merge VENDOR_ID --into VENDOR_ID [--business ID]
       ledgerlens vendors delete VENDOR_ID [--business ID]`;

const ACTIONS = ['list', 'show', 'edit', 'merge', 'delete'];
const edit = Compile(VendorEdit);

export async function runVendors(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      business: { type: 'string' },
      name: { type: 'string' },
      'vat-id': { type: 'string' },
      'registry-code': { type: 'string' },
      iban: { type: 'string', multiple: true },
      'no-ibans': { type: 'boolean', default: false },
      into: { type: 'string' },
    },
  });
  const [action, vendorId] = positionals;
  if (!action || !ACTIONS.includes(action) || (action !== 'list' && !vendorId) || (action === 'merge' && !values.into)) throw new UsageError(USAGE);
  const changes = editOf(values);
  if (action === 'edit' && !edit.Check(changes)) {
    const error = edit.Errors(changes)[0];
    throw new UsageError(error?.instancePath ? `--${error.instancePath.slice(1).replace(/_/gu, '-')}: ${error.message}` : 'edit needs --name, --vat-id, --registry-code, --iban or --no-ibans');
  }
  return withServices(config, async (services) => {
    const { vendors } = services;
    const business = await chosenBusiness(services, values.business);
    if (action === 'list') {
      for (const vendor of await vendors.list(business)) console.log(listLine(vendor));
      return 0;
    }
    const id = vendorId!;
    const result =
      action === 'show' ? await vendors.show(business, id)
      : action === 'edit' ? await vendors.edit(business, id, changes)
      : action === 'merge' ? await vendors.merge(business, id, values.into!)
      : await vendors.delete(business, id);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  });
}

function editOf(values: { name?: string | undefined; 'vat-id'?: string | undefined; 'registry-code'?: string | undefined; iban?: string[] | undefined; 'no-ibans'?: boolean | undefined }): VendorEdit {
  const cleared = (value: string | undefined) => (value === undefined ? {} : { value: value.trim() === '' ? null : value });
  const vat = cleared(values['vat-id']);
  const registry = cleared(values['registry-code']);
  return {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...('value' in vat ? { vat_id: vat.value } : {}),
    ...('value' in registry ? { registry_code: registry.value } : {}),
    ...(values.iban?.length || values['no-ibans'] ? { ibans: values['no-ibans'] ? [] : values.iban! } : {}),
  };
}

function listLine(vendor: Vendor): string {
  return [vendor.id, vendor.name, vendor.vat_id ?? '-', vendor.ibans.join(',') || '-', `${vendor.documents} documents`, `learned: ${vendor.learned_fields.join(',') || '-'}`].join('\t');
}
