export * from './catalogue';
export * from './commerce';
export * from './football';
export * from './ops';
export * from './paypal-events';
export * from './refunds';
export * from './users';
