/**
 * AI configuration of one device: categories, question topics (intents),
 * keywords and training phrases, responses, aliases (entities), settings and transfer.
 * Every call names the device it works on; the guard checks it is the caller's project's.
 * Each part has its file (ai-*.ts); this one gathers them, as importers always read them.
 */
export { ZDeviceQuery, ZUploadQuery } from './ai-common.js';
export * from './ai-topics.js';
export * from './ai-settings.js';
export * from './ai-motions.js';
export * from './ai-keywords.js';
export * from './ai-responses.js';
export * from './ai-transfer.js';
export * from './ai-exchange.js';
export * from './ai-test-console.js';
export * from './ai-versions.js';
