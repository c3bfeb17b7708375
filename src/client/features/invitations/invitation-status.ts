import type { InvitationStatus } from '#shared/contracts/invitations.js';

/** How an invitation's state reads, to the owner who sent it and to the developer who got it. */
export const invitationStatusText: Record<'owner' | 'developer', Record<InvitationStatus, string>> = {
  owner: { open: 'Invited', bid: 'Bid placed', closed: 'No longer open' },
  developer: { open: 'Open for your bid', bid: 'You bid', closed: 'No longer open' },
};
