#!/usr/bin/env node
// `ledgerlens`: one entry point for every process role and the admin commands.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { ServiceError } from '../errors.js';
import { runEmail, runSenders } from './email.command.js';
import { runExport } from './export.command.js';
import { runExtract } from './extract.command.js';
import { runKeys, runBusinesses } from './keys.command.js';
import { runOwners } from './owners.command.js';
import { runServe } from './serve.command.js';
import { runTrain } from './train.command.js';
import { runVendors } from './vendors.command.js';
import { UsageError } from './usage-error.js';
import { runWorker } from './worker.command.js';

const USAGE = `usage: ledgerlens <command>

  serve [--no-workers]              start the HTTP API (and the workers: batch jobs, callbacks) unless --no-workers;
                                    with LEDGERLENS_SMTP_PORT also the inbound SMTP listener
  worker                            batch jobs and callback deliveries only, no HTTP (scale-out)
  keys create --business NAME       create an API key (and the business, if new); the secret is the last line
  keys list                         list keys (never their secrets)
  keys rotate KEY_ID                issue a replacement key and revoke the old one
  keys revoke KEY_ID                revoke a key at once
  businesses list                   list businesses
  email address [--business ID]     the business's inbound email address (created on first use)
  email rotate-address [--business ID]   a new inbound address; the old one stops receiving
  email messages [--business ID]    received mail, newest first, and what became of each attachment
  senders list [--business ID]      senders: approved, blocked, or held (mail waiting for a decision)
  senders approve ADDRESS [--business ID]   approve a sender; its held mail becomes documents
  senders block ADDRESS [--business ID]     block a sender; its held mail is discarded, further mail refused
  senders remove ADDRESS [--business ID]    forget a sender; its held mail is discarded
  owners create --email EMAIL       create a dashboard owner; prints a generated password once,
         [--password-stdin]         or reads the password from stdin
  owners reset-password --email EMAIL [--password-stdin]   same, for an existing owner; ends its sessions
  export [--business ID] [--format csv|xlsx|xero|quickbooks|datev|ubl] [--sheet documents|line_items|vat_rates]
         [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--state all|needs_review|approved]
         [--datev-consultant N] [--datev-client N] [--out FILE|DIR]
                                    documents (corrections applied) as on the dashboard: the generic sheets,
                                    Xero or QuickBooks Online bill imports, a DATEV Buchungsstapel, or
                                    (ubl, --out DIR) each approved document as an EN 16931 e-invoice
                                    --business may be left out where there is only one business
  vendors list [--business ID]      the business's known vendors (learned from approved documents)
  vendors show|delete VENDOR_ID [--business ID]
  vendors edit VENDOR_ID [--business ID] [--name NAME] [--vat-id ID] [--registry-code CODE] [--iban IBAN]... [--no-ibans]
  vendors merge VENDOR_ID --into VENDOR_ID [--business ID]   one vendor known twice becomes one
  train --with-corrections           adapt the learned field choice to this installation's approved documents;
                                    prints the blind-fold score before and after, keeps the model only if better
  extract FILE... [--out DIR]       run the extraction offline; one file to stdout, several into DIR
          [--raw-text] [--regions] [--ignore-embedded-xml]
  extract --words FILE.words.json... [--out DIR]   the same from pages of words with boxes
          (docs/engine.md, Words as input)

Configuration comes from environment variables; see the README.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({ args: rest, options: { 'no-workers': { type: 'boolean', default: false } } });
      return runServe({ ...config, runWorkers: !values['no-workers'] });
    }
    case 'worker':
      return runWorker(config);
    case 'keys':
      return runKeys(config, rest);
    case 'owners':
      return runOwners(config, rest);
    case 'businesses':
      return runBusinesses(config, rest);
    case 'senders':
      return runSenders(config, rest);
    case 'email':
      return runEmail(config, rest);
    case 'extract':
      return runExtract(config, rest);
    case 'export':
      return runExport(config, rest);
    case 'train':
      return runTrain(config, rest);
    case 'vendors':
      return runVendors(config, rest);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      console.error(`unknown command "${command}"\n\n${USAGE}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`ledgerlens: ${(error as Error).message}`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof ConfigError || error instanceof ServiceError) {
      console.error(`ledgerlens: ${(error as Error).message}`);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  },
);
