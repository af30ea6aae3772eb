export * from './adobe';
export * from './catalogue';
export * from './mail';
export * from './orders';
export * from './settings';
export * from './shop';
export * from './users';
