import { defineModule, type Core } from '../../core/module.js';
import { createUndoRepo, undoMediaReferences } from './repo.js';
import { undoRoutes } from './routes.js';
import { createUndoLog } from './service.js';

const build = ({ db, clock }: Core) => ({
  undo: createUndoLog({ db, repo: createUndoRepo(db), clock }),
});

declare module '../../core/module.js' {
  interface Modules {
    undo: ReturnType<typeof build>;
  }
}

/**
 * Undo of deletes and bulk changes: the areas built after it register how each kind of their
 * changes is put back (`use('undo').undo.register`), and record a before-image with each change.
 */
export const undoModule = defineModule({
  name: 'undo',
  build,
  admin: (scope, { undo }) => undoRoutes(scope, { undo }),
  tasks: ({ undo }) => [{ name: 'undo-prune', run: () => undo.prune() }],
  mediaReferences: undoMediaReferences,
});
