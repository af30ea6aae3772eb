export * from './catalogue';
export * from './mail';
export * from './settings';
export * from './shop';
export * from './users';
export * from './orders';
