export { undoModule } from './module.js';
export type { UndoHandler, UndoKind, UndoLog, UndoScope } from './service.js';
export { undoableDelete } from './undoable-delete.js';
