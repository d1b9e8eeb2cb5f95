import { parseArgs } from 'node:util';
import type { Config } from '../config/config.js';
import { withServices } from './with-services.js';

export async function runKeys(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { business: { type: 'string' }, label: { type: 'string' } },
  });
  const [action, keyId] = positionals;
  return withServices(config, async (services) => {
    switch (action) {
      case 'create': {
        if (!values.business) throw new Error('keys create needs --business NAME');
        const key = await services.keys.createKey(values.business, values.label);
        console.log(`business ${key.businessName} ${key.businessId}\nkey ${key.keyId}\n${key.secret}`);
        return 0;
      }
      case 'list': {
        for (const key of await services.keys.listKeys()) {
          console.log([key.id, key.business_name, key.label, key.created_at, key.revoked_at ? `revoked ${key.revoked_at}` : 'active'].join('\t'));
        }
        return 0;
      }
      case 'rotate': {
        if (!keyId) throw new Error('keys rotate needs KEY_ID');
        const key = await services.keys.rotateKey(keyId);
        console.log(`revoked ${keyId}\nkey ${key.keyId}\n${key.secret}`);
        return 0;
      }
      case 'revoke': {
        if (!keyId) throw new Error('keys revoke needs KEY_ID');
        await services.keys.revokeKey(keyId);
        console.log(`revoked ${keyId}`);
        return 0;
      }
      default:
        console.error('usage: ledgerlens keys create --business NAME | list | rotate KEY_ID | revoke KEY_ID');
        return 1;
    }
  });
}

export async function runBusinesses(config: Config, argv: string[]): Promise<number> {
  if (argv[0] !== 'list') {
    console.error('usage: ledgerlens businesses list');
    return 1;
  }
  return withServices(config, async (services) => {
    for (const business of await services.keys.listBusinesses()) console.log([business.id, business.name, business.created_at].join('\t'));
    return 0;
  });
}
