export * from './constants/index';
export * from './constants/enums';
export * from './schemas/validation';
export * from './schemas/users';
export * from './schemas/observations';
export * from './schemas/params';
export * from './schemas/errors';
