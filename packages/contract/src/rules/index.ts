// '@tips/contract/rules': the contract's constants and pure rules, without zod. The web's public
// pages import from here so that they do not ship the schemas (decision 060); the schema files
// beside this folder build on these lists.
export * from './ai-plans';
export * from './ai-tipster-texts';
export * from './alerts';
export * from './backoffice';
export * from './betting-types';
export * from './categories';
export * from './category-pages';
export * from './constants';
export * from './errors';
export * from './football';
export * from './market-price';
export * from './money';
export * from './odds-format';
export * from './paging';
export * from './payment-methods';
export * from './pricing';
export * from './safer-gambling';
export * from './selection-words';
export * from './text';
export * from './tipster-tiers';
export * from './units';

// The API still imports two files by their former paths ('@tips/contract/constants' and
// '@tips/contract/categories'); package.json maps them here until it imports from this entry.
