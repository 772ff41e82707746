export { noticeModule } from './module.js';
