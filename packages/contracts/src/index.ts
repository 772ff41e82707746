export * from './common.js';
export * from './access.js';
export * from './password.js';
export * from './auth.js';
export * from './devices.js';
export * from './users.js';
export * from './ai.js';
