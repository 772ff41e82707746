export { searchModule } from './module.js';
export { createSearchService, type SearchService } from './service.js';
