/** Query keys of the admin pages; a mutation invalidates its area (and the audit log). */
export const ADMIN_KEYS = {
  all: ['admin'] as const,
  settlement: ['admin', 'settlement'] as const,
  orders: ['admin', 'orders'] as const,
  users: ['admin', 'users'] as const,
  tipsters: ['admin', 'tipsters'] as const,
  contact: ['admin', 'contact'] as const,
  audit: ['admin', 'audit'] as const,
  payouts: ['admin', 'payouts'] as const,
};

export const ADMIN_PAGE_SIZE = 20;
