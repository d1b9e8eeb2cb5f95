// The email channel of the selected business: its inbound address and the senders whose mail
// becomes documents. EmailService (src/email) does the work, as it does for the CLI.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app/services.js';
import { ok } from '../api/envelope.js';
import { readResponses } from '../api/responses.js';
import type { EmailService } from '../email/email-service.js';
import { notFound } from '../errors.js';
import { EmailSettings, SenderAddress, SenderDecision } from '../schemas/dashboard.schema.js';

const hidden = { hide: true };

export function emailRoutes(server: FastifyInstance, { email }: Services): void {
  const settings = async (businessId: string, address: string) => ({ address, senders: await email.listSenders(businessId) });

  server.get('/email', {
    schema: { ...hidden, response: readResponses(EmailSettings, 'The inbound address (created on first use) and the senders') },
    handler: async (request) => ok(request, await settings(request.businessId, await email.getInboundAddress(request.businessId))),
  });

  server.post('/email/address/rotate', {
    schema: { ...hidden, response: readResponses(EmailSettings, 'A new inbound address; the old one refuses mail from now on') },
    handler: async (request) => ok(request, await settings(request.businessId, await email.rotateInboundAddress(request.businessId))),
  });

  // Approving up front: the address need not have mailed the business yet.
  server.post('/email/senders', {
    schema: { ...hidden, body: SenderAddress, response: readResponses(SenderDecision, 'The sender is approved; any held mail is released') },
    handler: async (request) => ok(request, await email.approveSender(request.businessId, (request.body as SenderAddress).address)),
  });

  // Decisions on a sender the business already has; another business's sender is not found here.
  const decisions = { approve: email.approveSender, block: email.blockSender } satisfies Record<string, EmailService['approveSender']>;
  for (const [decision, decide] of Object.entries(decisions)) {
    server.post(`/email/senders/:address/${decision}`, {
      schema: { ...hidden, params: SenderAddress, response: readResponses(SenderDecision, `The sender after "${decision}"`) },
      handler: async (request) => {
        const { address } = request.params as SenderAddress;
        if (!(await email.findSender(request.businessId, address))) throw notFound('sender');
        return ok(request, await decide.call(email, request.businessId, address));
      },
    });
  }

  server.delete('/email/senders/:address', {
    schema: { ...hidden, params: SenderAddress, response: readResponses(SenderDecision, 'The sender is forgotten; its held mail discarded') },
    handler: async (request) => ok(request, await email.removeSender(request.businessId, (request.params as SenderAddress).address)),
  });
}
