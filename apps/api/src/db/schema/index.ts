export * from './catalogue';
export * from './commerce';
export * from './football';
export * from './ops';
export * from './records';
export * from './refunds';
export * from './safer-gambling';
export * from './users';
