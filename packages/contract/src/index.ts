// The package entry: the schemas and every rule. The api imports from '@tips/contract'; the web
// imports rules from '@tips/contract/rules' (no zod) and schemas from '@tips/contract/<area>.schemas'.

export * from './admin-audit.schemas';
export * from './admin-contact.schemas';
export * from './admin-orders.schemas';
export * from './admin-tipsters.schemas';
export * from './admin-users.schemas';
export * from './ai-model.schemas';
export * from './alerts.schemas';
export * from './backoffice.schemas';
export * from './betting-types.schemas';
export * from './categories.schemas';
export * from './commerce.schemas';
export * from './earnings.schemas';
export * from './errors.schemas';
export * from './market-prices.schemas';
export * from './paging.schemas';
export * from './payment-methods.schemas';
export * from './query-params';
export * from './records.schemas';
export * from './rules/index';
export * from './safer-gambling.schemas';
export * from './settlement.schemas';
export * from './text-input';
export * from './tips.schemas';
export * from './tipster-applications.schemas';
export * from './tipster-portal.schemas';
export * from './tipsters.schemas';
export * from './users.schemas';
