// The package entry: api and web import from '@tips/contract' (or a single file via '@tips/contract/<file>').
export * from './backoffice.schemas';
export * from './betting-types';
export * from './categories';
export * from './commerce.schemas';
export * from './constants';
export * from './errors';
export * from './money';
export * from './paging';
export * from './payment-methods';
export * from './pricing';
export * from './query-params';
export * from './tips.schemas';
export * from './tipsters.schemas';
export * from './users.schemas';
