export * from './tenants.ts';
export * from './auth.ts';
export * from './menu.ts';
export * from './content.ts';
export * from './orders.ts';
export * from './requests.ts';
export * from './platform.ts';
export * from './ordering.ts';
