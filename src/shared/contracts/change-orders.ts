import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { changeOrderIdParamsSchema, changeOrderSchema, proposeChangeOrderSchema } from './change-orders.schemas.js';
import { checkoutResponseSchema } from './payments.schemas.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './change-orders.schemas.js';

/** Change orders (issue 18, item 6): a change of a live deal's scope, price or days, agreed by both parties. */
export const changeOrderEndpoints = defineEndpoints('change-orders', {
  propose: {
    method: 'POST',
    path: '/api/projects/:id/change-orders',
    summary: 'Propose a change order on a live deal: a description, an amount ($0 allowed) and extra days (owner or finisher)',
    description: 'Only while the deal is live: paid, not accepted or cancelled, and no dispute open. The other party is notified.',
    params: idParamsSchema,
    body: proposeChangeOrderSchema,
    status: 201,
    response: changeOrderSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  ofProject: {
    method: 'GET',
    path: '/api/projects/:id/change-orders',
    summary: "The change orders of a project, oldest first (the deal's two parties)",
    params: idParamsSchema,
    response: z.array(changeOrderSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  accept: {
    method: 'POST',
    path: '/api/change-orders/:changeOrderId/accept',
    body: emptyBodySchema,
    summary: 'Accept a proposed change order (the party who did not propose it)',
    description: 'Its extra days extend the delivery deadline at once; an amount above $0 is then paid by the owner (POST /api/change-orders/{id}/pay).',
    params: changeOrderIdParamsSchema,
    response: changeOrderSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  decline: {
    method: 'POST',
    path: '/api/change-orders/:changeOrderId/decline',
    body: emptyBodySchema,
    summary: 'Decline a proposed change order (the party who did not propose it)',
    params: changeOrderIdParamsSchema,
    response: changeOrderSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  withdraw: {
    method: 'POST',
    path: '/api/change-orders/:changeOrderId/withdraw',
    body: emptyBodySchema,
    summary: 'Withdraw a change order still proposed (the party who proposed it)',
    params: changeOrderIdParamsSchema,
    response: changeOrderSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  pay: {
    method: 'POST',
    path: '/api/change-orders/:changeOrderId/pay',
    summary: "Open hosted checkout for an accepted change order's amount (owner)",
    description:
      "Answers the URL of the provider's checkout page, as a bid's payment does; a session still open is handed back again. The money is held with the deal's and released with its acceptance.",
    params: changeOrderIdParamsSchema,
    // Like a bid's payment, nothing in the body decides the amount.
    body: emptyBodySchema,
    response: checkoutResponseSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
});
