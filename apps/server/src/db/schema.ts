/**
 * The database schema, one file per area in db/schema/: a table lives with the area that owns it
 * (the module whose repo.ts queries it), e.g. `ai_topics` in schema/ai.ts. Core tables (projects,
 * users, devices, media) have files of their own that the others import, never the other way
 * round; the shared column helpers are in schema/columns.ts (not exported here) and `deviceRef`,
 * the `device_id` column, in schema/devices.ts. Code outside db/schema/ imports tables from this
 * file (`db/schema.js`), and drizzle.config.ts reads it: a new area's file is added below.
 */
export * from './schema/projects.js';
export * from './schema/installation.js';
export * from './schema/users.js';
export * from './schema/auth.js';
export * from './schema/devices.js';
export * from './schema/media.js';
export * from './schema/jobs.js';
export * from './schema/ai.js';
export * from './schema/conversations.js';
export * from './schema/dashboard.js';
export * from './schema/chat.js';
export * from './schema/calls.js';
export * from './schema/push.js';
export * from './schema/interface.js';
export * from './schema/directory.js';
export * from './schema/events.js';
export * from './schema/mrc.js';
export * from './schema/small-talk.js';
export * from './schema/avatars.js';
export * from './schema/locations.js';
export * from './schema/nlu.js';
export * from './schema/undo.js';
export * from './schema/audit.js';
