// The selected business's vendor directory (src/vendors): list, show, edit, merge, delete. The CLI's
// `ledgerlens vendors` does the same through the same VendorDirectory.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app/services.js';
import { ok } from '../api/envelope.js';
import { readResponses } from '../api/responses.js';
import { Vendor, VendorDeletion, VendorEdit, VendorList, VendorMerge, VendorParams } from '../schemas/vendor.schema.js';

const hidden = { hide: true };

export function vendorsRoutes(server: FastifyInstance, { vendors }: Services): void {
  server.get('/vendors', {
    schema: { ...hidden, response: readResponses(VendorList, "The business's known vendors") },
    handler: async (request) => ok(request, { items: await vendors.list(request.businessId) }),
  });

  server.get('/vendors/:vendor_id', {
    schema: { ...hidden, params: VendorParams, response: readResponses(Vendor, 'The vendor') },
    handler: async (request) => ok(request, await vendors.show(request.businessId, (request.params as VendorParams).vendor_id)),
  });

  server.patch('/vendors/:vendor_id', {
    schema: { ...hidden, params: VendorParams, body: VendorEdit, response: readResponses(Vendor, 'The vendor as edited') },
    handler: async (request) => ok(request, await vendors.edit(request.businessId, (request.params as VendorParams).vendor_id, request.body as VendorEdit)),
  });

  server.post('/vendors/:vendor_id/merge', {
    schema: { ...hidden, params: VendorParams, body: VendorMerge, response: readResponses(Vendor, 'The vendor merged into') },
    handler: async (request) => ok(request, await vendors.merge(request.businessId, (request.params as VendorParams).vendor_id, (request.body as VendorMerge).into)),
  });

  server.delete('/vendors/:vendor_id', {
    schema: { ...hidden, params: VendorParams, response: readResponses(VendorDeletion, 'The vendor is forgotten') },
    handler: async (request) => ok(request, await vendors.delete(request.businessId, (request.params as VendorParams).vendor_id)),
  });
}
