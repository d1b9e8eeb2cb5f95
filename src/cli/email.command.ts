// `ledgerlens senders …` and `ledgerlens email …`: the owner's side of the email channel without the
// dashboard. --business takes a business id or its name, and may be left out when there is one.
import { parseArgs } from 'node:util';
import type { Config } from '../config/config.js';
import { chosenBusiness } from './business-option.js';
import { withServices } from './with-services.js';

const SENDERS_USAGE = 'usage: ledgerlens senders list [--business ID] | approve|block|remove ADDRESS [--business ID]';
const EMAIL_USAGE = 'usage: ledgerlens email address|rotate-address|messages [--business ID] [--limit N]';

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, options: { business: { type: 'string' }, limit: { type: 'string' } } });
}

export async function runSenders(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [action, address] = positionals;
  if (!action || !['list', 'approve', 'block', 'remove'].includes(action) || (action !== 'list' && !address)) {
    console.error(SENDERS_USAGE);
    return 1;
  }
  return withServices(config, async (services) => {
    const business = await chosenBusiness(services, values.business);
    if (action === 'list') {
      for (const s of await services.email.listSenders(business)) console.log([s.address, s.status, `${s.held_messages} held`, s.updated_at].join('\t'));
      return 0;
    }
    const decide = { approve: services.email.approveSender, block: services.email.blockSender, remove: services.email.removeSender }[action as 'approve' | 'block' | 'remove'];
    const decision = await decide.call(services.email, business, address!);
    const what = action === 'approve' ? `${decision.messages} held messages released, ${decision.queued_documents} documents queued` : `${decision.messages} held messages discarded`;
    console.log(`${decision.address}\t${decision.status ?? 'removed'}\t${what}`);
    return 0;
  });
}

export async function runEmail(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [action] = positionals;
  if (!action || !['address', 'rotate-address', 'messages'].includes(action)) {
    console.error(EMAIL_USAGE);
    return 1;
  }
  return withServices(config, async (services) => {
    const business = await chosenBusiness(services, values.business);
    if (action === 'address') console.log(await services.email.getInboundAddress(business));
    if (action === 'rotate-address') console.log(await services.email.rotateInboundAddress(business));
    if (action === 'messages') {
      for (const m of await services.email.listMessages(business, values.limit ? Number(values.limit) : 50)) {
        console.log([m.received_at, m.status, m.sender, m.subject].join('\t'));
        for (const a of m.attachments) console.log(['', a.filename, a.status, a.document_id ?? a.error?.code ?? ''].join('\t'));
        for (const i of m.ignored) console.log(['', i.filename, 'ignored', i.reason].join('\t'));
      }
    }
    return 0;
  });
}
