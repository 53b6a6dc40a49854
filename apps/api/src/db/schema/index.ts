export * from './catalogue';
export * from './commerce';
export * from './ops';
export * from './users';
